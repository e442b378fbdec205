import { getCurrentMerchant } from '@/authProvider/session';
import { shortStoreName } from './storeName';

/** A store's name in a report row, without the brand every store of the merchant starts with (full name in its title). */
export function StoreName({ name }: { name: string }) {
  const short = shortStoreName(name, getCurrentMerchant()?.brandName);
  return short === name ? <>{name}</> : <span title={name}>{short}</span>;
}
