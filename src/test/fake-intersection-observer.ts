/**
 * jsdom has no IntersectionObserver. This one records what is observed, with which root and margin,
 * and lets a test say when an element comes into view.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  readonly root: Element | null;
  readonly rootMargin: string;

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    this.root = options.root instanceof Element ? options.root : null;
    this.rootMargin = options.rootMargin ?? '0px';
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports `target` as in view (or not) to every observer watching it. */
  static show(target: Element, isIntersecting = true) {
    for (const observer of FakeIntersectionObserver.instances)
      if (observer.observed.has(target))
        observer.callback(
          [{ target, isIntersecting } as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
  }

  /** Whether anything still observes `target`. */
  static watching(target: Element) {
    return FakeIntersectionObserver.instances.some((o) => o.observed.has(target));
  }
}
