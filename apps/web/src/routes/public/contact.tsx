export function ContactPage() {
  return <div>TODO</div>;
}
