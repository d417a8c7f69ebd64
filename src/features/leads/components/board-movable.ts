import { createContext, useContext } from 'react';

/**
 * Whether the board's cards can be picked up (the signed-in role may call leads.update). A context,
 * not a prop, because the cards sit three components below the board; it defaults to false so a
 * card outside a board that said yes never offers a move the BFF would refuse.
 */
export const BoardMovableContext = createContext(false);

export const useBoardMovable = () => useContext(BoardMovableContext);
