import { Link } from 'react-router';
import { useSite } from '../../features/site/site-context';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { brand } = useSite();
  return (
    <Link to="/" className="flex items-center gap-2.5">
      <span
        aria-hidden="true"
        className={[
          'flex h-9 w-9 items-center justify-center rounded-lg text-lg font-bold',
          inverted ? 'bg-white text-brand' : 'bg-brand text-white',
        ].join(' ')}
      >
        {brand.logoText}
      </span>
      <span className={`leading-tight font-bold ${inverted ? 'text-white' : 'text-slate-900'}`}>
        <span className="block text-base">{brand.shortName}</span>{' '}
        <span className={`block text-xs font-medium ${inverted ? 'text-white/70' : 'text-slate-500'}`}>
          Credit Union
        </span>
        <span className="sr-only"> home</span>
      </span>
    </Link>
  );
}
