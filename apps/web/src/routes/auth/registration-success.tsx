/** Placeholder while this screen is being built. */
export function RegistrationSuccessPage() {
  return <h1 className="p-8 text-2xl font-semibold">Application received</h1>;
}
