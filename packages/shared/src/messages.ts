/**
 * Every user-visible sentence the spec quotes, written once. The web form and the API both use
 * these, so a member sees the same words whichever side caught the problem.
 */
export const messages = {
  contact: {
    nameRequired: 'Please enter your name',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    subjectRequired: 'Please choose a subject',
    messageRequired: 'Please enter a message',
    tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
    phoneInvalid: 'Please enter a valid phone number',
    sent: 'Thank you! Your message has been sent. We will get back to you within 24 hours.',
    failed: 'We could not send your message. Please try again.',
  },
  generic: {
    rateLimited: 'Too many requests. Please wait a moment and try again.',
    notFound: 'The page or resource you asked for does not exist.',
    internal: 'Something went wrong on our side. Please try again.',
    validation: 'Some of the information entered is not valid.',
  },
} as const;
