import { useCallback, useRef, useState, type RefCallback } from 'react';

/**
 * Whether the element given the returned ref has come within `margin` of the viewport (it stays
 * true once it has). For what costs a request to another site, such as a map: the page does not
 * load it until a visitor scrolls near it, so it never competes with the page's first paint.
 * Browsers without IntersectionObserver get `true` at once.
 */
export function useNearViewport<T extends Element>(margin = '300px'): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (node: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      const watching = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            watching.disconnect();
          }
        },
        { rootMargin: margin },
      );
      watching.observe(node);
      observer.current = watching;
    },
    [margin],
  );
  return [ref, near];
}
