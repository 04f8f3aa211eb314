export function OnlineBankingPage({ mode }: { mode: 'login' | 'signup' }) {
  return <div>{mode}</div>;
}
