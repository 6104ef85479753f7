// The proof-of-work widget without its built-in blob: workers (the page's CSP allows workers from
// this origin only): its PBKDF2 worker is a file of the build. Loaded once the form is on screen.
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/en';
import 'altcha/i18n/hi';
import 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
