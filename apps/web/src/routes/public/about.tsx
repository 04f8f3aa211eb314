export function AboutPage() {
  return <div>TODO</div>;
}
