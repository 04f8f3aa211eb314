/** Placeholder while this screen is being built. */
export function DashboardPage() {
  return <h1 className="p-8 text-2xl font-semibold">Dashboard</h1>;
}
