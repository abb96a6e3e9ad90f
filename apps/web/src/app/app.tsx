import { BrowserRouter } from 'react-router';
import { PopupStack } from '@/features/popups/components/popup-stack';
import { AppProvider } from './provider';
import { AppRoutes } from './app-routes';

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
        {/* Inside the router: the stack keeps off the operator console by the path. */}
        <PopupStack />
      </BrowserRouter>
    </AppProvider>
  );
}
