export function NotFoundPage() {
  return <div>TODO</div>;
}
