// The words of the seeded threads: short scripts of a sales or support exchange, so the demo reads
// like a real inbox. `in` lines are the contact's, `out` lines the team's.

export interface ScriptLine {
  dir: 'in' | 'out';
  text: string;
}

const line = (dir: 'in' | 'out', text: string): ScriptLine => ({ dir, text });

export const SCRIPTS: readonly (readonly ScriptLine[])[] = [
  [
    line('in', 'Hi! I saw your ad, how much is the Pro plan for a team of 12?'),
    line('out', 'Hi there, thanks for reaching out! Pro is 29 per seat per month, billed yearly.'),
    line('out', 'For 12 seats that comes to 348 a month. Want me to send a formal quote?'),
    line('in', 'Yes please, and is there a discount for annual prepay?'),
    line('out', 'There is: 15% off with annual prepay. I will put both options in the quote.'),
    line('in', 'Great. Can you address it to our finance team?'),
    line('out', 'Of course. Could you share the billing email?'),
    line('in', 'finance@ our domain, same as mine'),
    line('out', 'Perfect, quote is on its way. Anything else I can help with?'),
    line('in', 'That is all for now, thanks!'),
  ],
  [
    line('in', 'Hello, my order still has not arrived. It has been 9 days.'),
    line('out', 'Sorry to hear that! Could you send me the order number?'),
    line('in', 'It is #48213'),
    line('out', 'Thanks. I can see it left our warehouse on Monday; the carrier marked it delayed.'),
    line('out', 'I have opened a trace with them and will update you within 24 hours.'),
    line('in', 'Ok, please do. I need it before the weekend.'),
    line('out', 'Understood. If it is not moving by tomorrow we will ship a replacement by express.'),
    line('in', 'That would be amazing, thank you'),
  ],
  [
    line('in', 'Hey, I cannot log in to the dashboard since this morning'),
    line('out', 'Hi! Are you getting an error message, or does the page just reload?'),
    line('in', 'It says "session expired" every time'),
    line('out', 'Could you try clearing cookies for our site, or an incognito window?'),
    line('in', 'Incognito works!'),
    line('out', 'Good, then an old cookie was stuck. Clearing them in your normal window will fix it.'),
    line('in', 'Done, all good now. Thanks for the quick help'),
    line('out', 'Happy to help. Have a great day!'),
  ],
  [
    line('in', 'Good morning, do you ship to Portugal?'),
    line('out', 'Good morning! Yes, we ship to all of the EU, 3 to 5 working days.'),
    line('in', 'And the shipping cost?'),
    line('out', 'Free above 80 euros, otherwise 6.90.'),
    line('in', 'Perfect. Do you have the blue one in size M?'),
    line('out', 'Let me check the stock for you.'),
    line('out', 'Yes, we have 4 left in M.'),
    line('in', 'I will order tonight then'),
    line('out', 'Lovely. Use WELCOME10 for 10% off your first order.'),
  ],
  [
    line('in', 'We would like a demo for our support team (about 30 agents)'),
    line('out', 'Happy to set that up! What days work for you next week?'),
    line('in', 'Tuesday or Thursday afternoon'),
    line('out', 'Thursday at 3 pm works on our side. I will send the invite.'),
    line('in', 'Can our IT lead join too? He has questions about SSO.'),
    line('out', 'Absolutely, I will bring a solutions engineer for the SSO part.'),
    line('in', 'Great, see you Thursday'),
    line('out', 'Invite sent. See you then!'),
  ],
  [
    line('in', 'I would like a refund for the last invoice, we cancelled in March'),
    line('out', 'Let me look into this. Could you confirm the account email?'),
    line('in', 'accounts@ same domain as this number'),
    line('out', 'Thanks. I see the cancellation request on March 28, after the renewal on the 25th.'),
    line('out', 'As a one-off I can refund the full amount. It will take 5 to 7 days to show up.'),
    line('in', 'Thank you, appreciated'),
  ],
  [
    line('in', 'Is the integration with our CRM included in the Business plan?'),
    line('out', 'Yes, the CRM sync is included in Business and above.'),
    line('in', 'Does it sync both ways?'),
    line('out', 'Contacts and deals sync both ways; activities sync from us to the CRM.'),
    line('in', 'Ok. And how long does setup take?'),
    line('out', 'Usually under an hour. Our onboarding team can do it with you on a call.'),
    line('in', 'Sounds good, let us talk next week'),
  ],
  [
    line('in', 'Hi, can I change the delivery address on my order?'),
    line('out', 'Hi! If it has not shipped yet, yes. What is the order number?'),
    line('in', '#51877'),
    line('out', 'It is still being packed, so we can change it. What is the new address?'),
    line('in', 'Rua das Flores 12, 4050-262 Porto'),
    line('out', 'Updated! You will get a new confirmation email in a minute.'),
    line('in', 'Got it, thanks'),
  ],
];

export const FILLERS: readonly ScriptLine[] = [
  line('in', 'Thanks!'),
  line('in', 'Any update on this?'),
  line('in', 'Ok, sounds good'),
  line('in', 'Can you call me later today?'),
  line('in', 'Just following up on my earlier message'),
  line('in', 'One more question: do you have a price list?'),
  line('out', 'Checking with the team, I will get back to you shortly.'),
  line('out', 'Sure thing!'),
  line('out', 'Thanks for your patience.'),
  line('out', 'Is there anything else I can help you with?'),
  line('out', 'I have just sent it to your email.'),
];

export const GROUP_LINES: readonly string[] = [
  'Morning all, stock update: the spring range is back in.',
  'Can someone confirm the pickup time for Friday?',
  'Friday 10:00 at the north gate.',
  'Who has the new price sheet?',
  'Posted it in the files, check the PDF above.',
  'Reminder: orders close at 6 pm today.',
  'Thanks everyone!',
  'Is the discount still on for members?',
];

export const GROUP_SUBJECTS = [
  'Acme Wholesale Buyers',
  'Lisbon Pop-up Team',
  'VIP Customers (Spring)',
  'Partner Resellers EU',
  'Acme Beta Testers',
  'Event Crew Porto',
] as const;

export const PLACES = [
  {
    name: 'Acme Store Lisbon',
    address: 'Av. da Liberdade 110, Lisboa',
    latitude: 38.7196,
    longitude: -9.1454,
  },
  { name: 'Warehouse North Gate', address: 'Rua do Porto 5, Maia', latitude: 41.2357, longitude: -8.6199 },
  { name: 'Café Central', address: 'Herrengasse 14, Wien', latitude: 48.2103, longitude: 16.3654 },
] as const;

export const POLLS = [
  { question: 'Which day works for the pickup?', options: ['Thursday', 'Friday', 'Saturday'] },
  { question: 'Preferred colour for the next batch?', options: ['Navy', 'Olive', 'Sand', 'Black'] },
] as const;

export const REACTIONS = ['👍', '❤️', '🙏', '😂', '🎉'] as const;
