export function ProductsPage() {
  return <div>TODO</div>;
}
