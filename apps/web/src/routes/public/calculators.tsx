export function CalculatorsPage() {
  return <div>TODO</div>;
}
