export function HomePage() {
  return <div>TODO</div>;
}
