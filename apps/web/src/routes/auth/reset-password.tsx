/** Placeholder while this screen is being built. */
export function ResetPasswordPage() {
  return <h1 className="p-8 text-2xl font-semibold">Choose a new password</h1>;
}
