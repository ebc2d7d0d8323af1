export { NotFoundPage as Component } from '../../app/not-found-page.tsx';
