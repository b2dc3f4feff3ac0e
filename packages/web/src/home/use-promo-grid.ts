import { PromoGrid, type PromoGridState } from "@katale/domain";
import { useEffect, useRef, useState } from "react";
import { useServices } from "../app/services-context.js";

export interface PromoGridControls {
  readonly state: PromoGridState;
  next(): void;
  previous(): void;
}

/**
 * The domain's promo grid (category 5, pages forward and back, back to page 1 on 'Invalid page.') as
 * React state. A new page size (the screen crossed 768 px) starts again at page 1.
 */
export function usePromoGrid(perPage: number): PromoGridControls {
  const { products } = useServices();
  const [grid] = useState(() => new PromoGrid(products, perPage));
  const [state, setState] = useState<PromoGridState>(grid.state);
  const loaded = useRef(false);

  useEffect(() => {
    let live = true;
    const answer = loaded.current ? grid.resize(perPage) : grid.load();
    loaded.current = true;
    setState(grid.state);
    answer.then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [grid, perPage]);

  const step = (move: () => Promise<PromoGridState>) => {
    if (grid.state.loading) return;
    const answer = move();
    setState(grid.state);
    answer.then(setState);
  };
  return { state, next: () => step(() => grid.next()), previous: () => step(() => grid.previous()) };
}
