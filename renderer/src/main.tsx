// The window's entry: finds the way to main (preload or browser-preview bridge) and renders.
import './zod-jitless';
import { render } from 'preact';
import { connectApi } from './api';
import { App } from './app';
import './styles/base.css';
import './styles/layout.css';
import './styles/lists.css';
import './styles/forms.css';
import './styles/attention.css';
import './styles/jobs.css';

const connection = connectApi();
if (connection.preview && window.location.search.includes('token=')) {
  // The bridge has put the token in a cookie; keep it out of the address bar and history.
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
}
const root = document.getElementById('app');
if (root !== null) render(<App connection={connection} />, root);
