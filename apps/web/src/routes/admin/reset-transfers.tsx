/** Placeholder while this screen is being built. */
export function ResetTransfersPage() {
  return <h1 className="p-8 text-2xl font-semibold">Reset Transfer Counts</h1>;
}
