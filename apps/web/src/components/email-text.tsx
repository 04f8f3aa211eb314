/**
 * An e-mail that, in a narrow column, breaks before the "@" rather than mid-word: the domain is
 * kept on one line (a browser would otherwise break it after a hyphen, "mutual-" / "demo.example").
 * Give its box `break-words` (not `break-all`), so only a name too long for any line is cut.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at)}</span>
    </>
  );
}

/**
 * A person in a staff list (a payment's or a deposit's member): the name, the e-mail under it,
 * each breaking only where it must.
 */
export function NameAndEmail({ person }: { person: { name: string; email: string } }) {
  return (
    <>
      <span className="block font-semibold break-words text-slate-900">{person.name}</span>
      <span className="block text-sm break-words text-slate-600">
        <EmailText email={person.email} />
      </span>
    </>
  );
}
