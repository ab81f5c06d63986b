import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';

/** One error toast each time a query starts failing; it may show again after a success. */
export function useErrorToast(isError: boolean, message: string): void {
  const shown = useRef(false);
  useEffect(() => {
    if (isError && !shown.current) {
      shown.current = true;
      toast.error(message);
    }
    if (!isError) shown.current = false;
  }, [isError, message]);
}
