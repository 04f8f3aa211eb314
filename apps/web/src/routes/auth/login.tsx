/** Placeholder while this screen is being built. */
export function LoginPage() {
  return <h1 className="p-8 text-2xl font-semibold">Sign in</h1>;
}
