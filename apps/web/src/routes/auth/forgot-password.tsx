/** Placeholder while this screen is being built. */
export function ForgotPasswordPage() {
  return <h1 className="p-8 text-2xl font-semibold">Reset your password</h1>;
}
