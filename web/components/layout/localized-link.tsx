import { Link, type LinkProps } from 'react-router';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** A link to an unprefixed path, in the language being shown. Hash-only links stay as they are. */
export function LocalizedLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  const current = useCurrentPage();
  const [path, hash] = to.split('#');
  const target = path ? current.to(path) + (hash ? `#${hash}` : '') : to;
  return <Link to={target} {...rest} />;
}
