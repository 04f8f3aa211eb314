export function DevMailboxPage() {
  return <div>TODO</div>;
}
