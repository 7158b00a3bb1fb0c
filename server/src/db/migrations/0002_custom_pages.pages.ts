/**
 * The pages every install starts with: the footer and the cookie notice link to them. Written
 * once by the migration that creates the table, as they read then; admins edit them like any
 * other page. Kept with the migration so that it inserts the same rows however the product's
 * pages change later.
 */
export const DEFAULT_PAGES = [
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    meta_description:
      'How we collect, use and protect your personal data when you listen, subscribe and share music with us.',
    body: `<p>Your privacy matters to us. This policy explains what personal data we collect when you use our music streaming service, why we collect it, and the choices you have.</p>
<h2>Information we collect</h2>
<ul>
<li><strong>Account data</strong>: your name, e-mail address, password (stored only as a secure hash), language, time zone and, if you choose to add them, your phone number and address.</li>
<li><strong>Listening data</strong>: the tracks, albums, artists and playlists you play, like, follow or create, and when you do so.</li>
<li><strong>Payment data</strong>: your plan and billing history. Card details are handled by our payment provider and never reach our servers.</li>
<li><strong>Technical data</strong>: your IP address, browser, device type and approximate location derived from the IP address, used to keep your account secure and to show you your active sessions.</li>
</ul>
<h2>How we use it</h2>
<p>We use your data to provide the service (playing music, remembering your library and preferences), to bill your subscription, to recommend music you may enjoy, to pay artists and rights holders for the plays they earn, to protect accounts against fraud and abuse, and to answer you when you contact us.</p>
<h2>Cookies</h2>
<p>We use cookies that are strictly necessary to keep you signed in and to protect forms against forgery. We remember a few preferences, such as your colour theme, in your browser. We do not use cookies to track you across other websites.</p>
<h2>Sharing</h2>
<p>We do not sell your personal data. We share it only with providers that help us run the service (hosting, e-mail delivery, payments), with rights holders in aggregated, non-identifying reports, and with authorities when the law requires it.</p>
<h2>Retention</h2>
<p>We keep your data for as long as your account exists. When you delete your account from the account settings, we delete your personal data within 30 days, except for records we must keep by law, such as invoices.</p>
<h2>Your rights</h2>
<p>You may access, correct, export or delete your personal data, and object to or restrict its processing. Most of this you can do yourself in your account settings; for anything else, <a href="/contact">contact us</a> and we will answer within 30 days.</p>
<h2>Changes</h2>
<p>If we change this policy in a way that matters, we will tell you by e-mail or in the app before the change takes effect.</p>`,
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of service',
    meta_description:
      'The rules for using our music streaming service: your account, subscriptions, acceptable use and the content you stream.',
    body: `<p>Welcome! These terms are the agreement between you and us when you use our music streaming service. By creating an account or using the service, you accept them.</p>
<h2>Your account</h2>
<p>You must give accurate information when you register and keep your password secret. You are responsible for what happens on your account; if you think someone else has access to it, change your password and sign out your other sessions from the account settings.</p>
<h2>Subscriptions and payments</h2>
<ul>
<li>Paid plans renew automatically at the end of each billing period until you cancel.</li>
<li>You can cancel at any time; your plan stays active until the end of the period you paid for.</li>
<li>We will tell you in advance about any price change, and you may cancel before it applies.</li>
<li>A Family plan lets the subscriber invite up to three members who live at the same address.</li>
</ul>
<h2>Using the service</h2>
<p>The music is licensed to you for personal, non-commercial listening. You may not copy, download outside the features we offer, redistribute, broadcast or publicly perform it, circumvent any protection, or use bots and scripts to inflate play counts.</p>
<h2>Content you upload</h2>
<p>Artists who upload music in the backstage area confirm that they own or control the rights to it, and grant us the licence needed to stream it to listeners. We remove content that infringes the rights of others when we are notified.</p>
<h2>Ending the agreement</h2>
<p>You may delete your account at any time. We may suspend or close accounts that break these terms, after warning you where we reasonably can.</p>
<h2>Liability</h2>
<p>We work hard to keep the service available, but we provide it as it is and cannot promise it will never be interrupted. To the extent the law allows, we are not liable for indirect losses.</p>
<h2>Contact</h2>
<p>Questions about these terms? <a href="/contact">Send us a message</a>.</p>`,
  },
] as const;
