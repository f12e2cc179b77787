import { registerApp } from './app-registry.ts';

// Windows of document 1 §2 whose screens arrive with their modules: their sizes are the spec's already.
registerApp({ key: 'messenger', names: ['Messenger'] });
