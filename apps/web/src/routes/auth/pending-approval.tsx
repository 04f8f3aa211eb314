/** Placeholder while this screen is being built. */
export function PendingApprovalPage() {
  return <h1 className="p-8 text-2xl font-semibold">Your application is under review</h1>;
}
