/**
 * An e-mail that, in a narrow column, breaks before the "@" rather than mid-word. Give its box
 * `break-words` (not `break-all`), so only a part too long for any line is cut.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
