import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';

/**
 * A password box with a show/hide button, so people on a phone can check what they typed. The
 * button keeps one name and reports its state with aria-pressed, as a toggle should.
 */
export function PasswordInput({ className = '', ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`${className} pr-12`} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label="Show password"
        aria-pressed={visible}
        aria-controls={props.id}
        className={
          'absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center ' +
          'rounded-r-lg text-slate-500 hover:text-slate-800'
        }
      >
        {visible ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
      </button>
    </div>
  );
}
