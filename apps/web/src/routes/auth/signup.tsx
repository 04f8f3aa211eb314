/** Placeholder while this screen is being built. */
export function SignupPage() {
  return <h1 className="p-8 text-2xl font-semibold">Apply for membership</h1>;
}
