/** Placeholder while this screen is being built. */
export function AdminPage() {
  return <h1 className="p-8 text-2xl font-semibold">Admin Dashboard</h1>;
}
