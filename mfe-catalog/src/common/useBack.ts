import { useLocation } from 'react-router-dom';

/**
 * The back button of a page whose parent's address cannot be built from its own (the options and
 * rows of a product know no restaurant): one step back when the user came from inside the app,
 * else `fallback` (a page opened from a bookmark or a reload of the first entry).
 */
export function useBack(fallback: string): string | true {
  return useLocation().key === 'default' ? fallback : true;
}
