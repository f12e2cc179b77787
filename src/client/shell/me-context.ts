import { createContext, useContext } from 'react';
import type { Me } from './me.ts';

export const MeContext = createContext<{ me: Me; reload(): Promise<void> }>(null as never);
export const useMe = () => useContext(MeContext);
