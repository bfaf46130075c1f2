import { Route, Switch } from 'wouter';
import { PAGES } from '../../contract/pages';
import { AdminPage } from '../features/admin/AdminPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { BugReportPage } from '../features/bug-report/BugReportPage';
import { CardanoCheckoutPage } from '../features/cardano-checkout/CardanoCheckoutPage';
import { CheckoutPage } from '../features/checkout/CheckoutPage';
import { PaymentSuccessPage } from '../features/checkout/PaymentSuccessPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { DocumentationPage } from '../features/docs/DocumentationPage';
import { LandingPage } from '../features/landing/LandingPage';
import { CookiePolicyPage } from '../features/legal/CookiePolicyPage';
import { DisclaimerPage } from '../features/legal/DisclaimerPage';
import { PrivacyPolicyPage } from '../features/legal/PrivacyPolicyPage';
import { TermsOfServicePage } from '../features/legal/TermsOfServicePage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { ReportPage } from '../features/report/ReportPage';
import { SearchPage } from '../features/search/SearchPage';
import { useCurrentUser } from '../lib/auth';
import { RequireUser } from './RequireUser';

function Home() {
  const { user } = useCurrentUser();
  return user ? <DashboardPage /> : <LandingPage />;
}

const signedIn = (Screen: () => React.ReactNode) => () => (
  <RequireUser>
    <Screen />
  </RequireUser>
);

/** Every route of spec §2; paths come from contract/pages.ts, which the server also reads. */
export function Routes() {
  return (
    <Switch>
      <Route path={PAGES.home.path} component={Home} />
      <Route path={PAGES.login.path} component={LoginPage} />
      <Route path={PAGES.register.path} component={RegisterPage} />
      <Route path={PAGES.dashboard.path} component={signedIn(DashboardPage)} />
      <Route path={PAGES.checkout.path} component={signedIn(CheckoutPage)} />
      <Route path={PAGES.cardanoCheckout.path} component={signedIn(CardanoCheckoutPage)} />
      <Route path={PAGES.paymentSuccess.path} component={signedIn(PaymentSuccessPage)} />
      <Route path={PAGES.report.path} component={signedIn(ReportPage)} />
      <Route path={PAGES.reports.path} component={signedIn(ReportPage)} />
      <Route path={PAGES.search.path} component={SearchPage} />
      <Route path={PAGES.documentation.path} component={DocumentationPage} />
      <Route path={PAGES.privacyPolicy.path} component={PrivacyPolicyPage} />
      <Route path={PAGES.termsOfService.path} component={TermsOfServicePage} />
      <Route path={PAGES.cookiePolicy.path} component={CookiePolicyPage} />
      <Route path={PAGES.disclaimer.path} component={DisclaimerPage} />
      <Route path={PAGES.bugReport.path} component={signedIn(BugReportPage)} />
      <Route path={PAGES.admin.path} component={signedIn(AdminPage)} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
