import { type ComponentProps, useState } from 'react';
import { Button } from '../../components/button';

type ButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'disabled' | 'children'>;

/** "Sign out": disabled, and saying "Signing out...", while `onSignOut` runs. */
export function SignOutButton({ onSignOut, ...button }: ButtonProps & { onSignOut: () => Promise<unknown> }) {
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    await onSignOut();
    setSigningOut(false);
  };
  return (
    <Button variant="outline" {...button} onClick={() => void signOut()} busy={signingOut}>
      {signingOut ? 'Signing out...' : 'Sign out'}
    </Button>
  );
}
