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
    inboxLoadFailed: 'Failed to load member messages',
    markHandledFailed: 'Failed to mark the message as handled',
    messageNotFound: 'Message not found',
    markedHandled: 'Message marked as handled.',
  },
  auth: {
    signInFailed: 'Failed to sign in. Please check your credentials.',
    emailRequired: 'Please enter your email address',
    passwordRequired: 'Please enter your password',
    otpInvalid: 'Invalid OTP. Please try again.',
    otpFailed: 'Failed to verify OTP. Please try again.',
    otpFormat: 'Enter the 6-digit code',
    /** The code's five tries are used up or it expired: the sign-in starts again. */
    otpExhausted: 'This code can no longer be used. Please sign in again to get a new one.',
    signInExpired: 'Your sign-in took too long. Please sign in again.',
    locked: (until: string) =>
      `Too many failed attempts. For your security this account is locked until ${until}. ` +
      'Try again then, or contact us.',
    codeSent: 'We sent a new code to your email.',
    resetRequested:
      'If an account exists for that email, we have sent a link to reset the password. The link works for 30 minutes.',
    resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
    resetDone: 'Your password has been reset. Please sign in with your new password.',
    signedOut: 'You have been signed out.',
    sessionExpired: 'Your session ended. Please sign in again.',
    staffTotpRequired: 'Staff must set up an authenticator app (Account Settings → Security) before using the console.',
  },
  registration: {
    emailInvalid: 'Please enter a valid email address',
    passwordMismatch: 'Passwords do not match',
    passwordTooShort: 'Password should be at least 8 characters long.',
    passwordTooLong: 'Password must be at most 128 characters long.',
    passwordCommon: 'This password is too common. Please choose a different one.',
    required: (label: string) => `${label} is required`,
    tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
    dateOfBirthInvalid: 'Please enter a valid date of birth',
    tooYoung: 'You must be at least 18 years old to apply',
    phoneInvalid: 'Please enter a valid phone number',
    documentRequired: 'Please upload an image or PDF of your identification document',
    documentType: 'The document must be a JPEG, PNG or WebP image, or a PDF',
    documentTooLarge: 'The document must be smaller than 10 MB',
    invalidEmailFormat: 'Invalid email format. Please check your email address.',
    emailInUse: 'An account with this email already exists.',
    failed: 'Failed to create an account. Please try again.',
    received: 'Thank you. Your application has been received and is under review.',
  },
  application: {
    responseRequired: 'Please answer the request',
    responseSent: 'Thank you. Your answer has been sent to our team.',
  },
  profile: {
    loadFailed: 'Failed to load profile data',
    updateFailed: 'Failed to update profile',
    updated: 'Profile updated successfully',
    imageType: 'Please select an image file',
    imageTooLarge: 'Image size should be less than 5MB',
    imageUpdated: 'Profile image updated successfully',
    imageRemoved: 'Profile image removed',
    imageFailed: 'Failed to update profile image. Please try again.',
  },
  settings: {
    loadFailed: 'Failed to load account settings',
    updateFailed: 'Failed to update account settings',
    updated: 'Account settings updated successfully',
    passwordMismatch: 'Passwords do not match',
    currentPasswordWrong: 'Your current password is not correct',
    passwordChanged: 'Your password has been changed. Other devices have been signed out.',
    totpEnabled: 'Two-factor authentication is on. Keep your backup codes somewhere safe.',
    totpDisabled: 'Two-factor authentication with an authenticator app is off. Sign-in codes will be e-mailed.',
    totpNotStarted: 'Start the authenticator set-up first',
    /** Set-up does not ask for the password; turning the authenticator off does. */
    totpAlreadyOn:
      'Your authenticator app is already set up. To move it to a new device, ' +
      'turn it off first (your password is asked).',
    sessionEnded: 'That session has been signed out.',
    textsUnavailable: 'Text messages are not available yet. We notify you by email and in this app.',
  },
  admin: {
    loadUsersFailed: 'Failed to load users',
    updateStatusFailed: 'Failed to update user status',
    rejectFailed: 'Failed to reject registration',
    infoRequestFailed: 'Failed to send information request',
    createUserFailed: (reason: string) => `Failed to create user: ${reason}`,
    userNotFound: 'User not found',
    selectUserFirst: 'Please select a user first',
    reasonRequired: 'Please give a reason for the rejection',
    infoRequired: 'Please describe the information you need',
    notPending: 'This application has already been decided',
    approved: (name: string) => `${name} approved. Checking and Savings accounts are open.`,
    rejected: (name: string) => `${name}'s application was rejected.`,
    infoRequested: (name: string) => `Information requested from ${name}.`,
    userCreated: (email: string) => `User ${email} created.`,
    /** Create New User with role Admin: staff have no accounts, so nothing to share or open with money. */
    staffNoJointAccount: 'A staff user has no accounts, so no joint account holder. Choose role User for one.',
    staffNoOpeningBalance: 'A staff user has no accounts to open with a balance. Choose role User for one.',
    backupCodesIssued: 'New backup codes issued. Previous unused codes no longer work.',
    backupCodesRevoked: 'Backup codes revoked.',
    totpReset: 'Authenticator reset. The member will receive e-mailed codes until they enrol again.',
    /** Codes shown to one staff member would let them sign in as another. */
    staffIssueOwnCodes: 'Staff issue their own backup codes, in Account Settings.',
    /** From the console no password is asked; Account Settings asks for it. */
    ownCodesInSettings: 'Manage your own sign-in codes in Account Settings.',
    invalidOtpFormat: 'Invalid OTP format. Please enter a 6-digit number.',
    updateAccountFailed: 'Failed to update account',
    balanceInvalid: 'Enter a balance of 0.00 or more, in steps of 0.01',
    adjustmentReasonRequired: 'Please give a reason for the change',
    balanceUpdated: (type: string, balance: string) => `${type} balance set to ${balance}.`,
    accountNumberInvalid: 'Account number must be 10 digits and not start with 0',
    routingNumberInvalid: 'Routing number must be 9 digits with a valid check digit',
    accountNumberInUse: 'That account number is already in use',
    accountUpdated: (type: string) => `${type} account updated.`,
    transactionsAdded: 'Transactions added successfully!',
    csvParseFailed: (reason: string) => `Failed to parse CSV file: ${reason}`,
    addTransactionsFailed: (reason: string) => `Failed to add transactions: ${reason}`,
    rowFailed: (row: number, reason: string) => `Row ${row}: ${reason}`,
    rowRequired: (field: string) => `${field} is required`,
    rowNotAChoice: (field: string, choices: readonly string[]) => `${field} must be one of: ${choices.join(', ')}`,
    rowAmountInvalid: 'Enter an amount of 0.01 or more, in steps of 0.01',
    rowDateInvalid: 'Enter a date like 2026-01-31',
    rowTimeInvalid: 'Enter a time like 14:30',
    rowInFuture: 'The date and time cannot be in the future',
    /** A staff row dated before the history window's first day ("November 29, 2019"). */
    rowTooOld: (day: string) => `The date cannot be before ${day}`,
    atLeastOneRow: 'Add at least one transaction',
    tooManyRows: (max: number) => `At most ${max} transactions at a time`,
    transactionDeleted: 'Transaction deleted successfully',
    transactionNotFound: 'Transaction not found',
    deleteTransactionFailed: 'Error deleting transaction',
    alreadyReversed: 'This transaction has already been reversed',
    reversalReasonRequired: 'Please give a reason for the reversal',
    findingUser: 'Finding user...',
    deletingTransactions: 'Deleting transactions...',
    transactionsDeleted: (count: number) => `Successfully deleted ${count} transactions`,
    deleteTransactionsFailed: 'Error deleting transactions',
    pendingCompleted: 'Pending transaction completed.',
    notPendingTransaction: 'Only a pending transaction can be completed',
    /**
     * A pending entry that belongs to a workflow with its own place (`pendingWorkflows`): only
     * entries staff added are completed or deleted from the member's transaction table.
     */
    pendingHandledElsewhere: {
      deposit: 'This deposit is handled in Deposit Review',
      depositHold: 'This hold on a deposited check is handled in Deposit Review',
      billPayment: 'This bill payment is handled in Payment Operations → Bill Pay',
      cardAuthorization: 'This card authorization is handled by the card processor',
      paymentOrder: 'This payment order is handled in Payment Operations',
      other: 'Only a pending transaction staff added can be completed or deleted here',
    },
    /** A workflow's own return moved this money back; reversing it would undo the return behind the workflow's back. */
    returnHandledElsewhere: {
      deposit: 'This is a returned check, recorded in Deposit Review: it cannot be reversed here',
      billPayment:
        'This is a returned bill payment’s refund, recorded in Payment Operations: it cannot be reversed here',
      cardRefund:
        'This is a merchant’s refund of a card purchase, sent by the card processor: it cannot be reversed here',
    },
    refundedCardPurchase:
      'The merchant has refunded this card purchase, in part or in full: reversing it here would give the money back ' +
      'twice. What is left is settled with the card processor',
    exportedPaymentOrder:
      'A payment in this list has already gone out in an ACH file: settle or return it in Payment Operations first',
    /** Deleting a transaction whose workflow already gave the money back its own way: money moves back once. */
    depositAlreadyReturned:
      "This deposit's check was already returned in Deposit Review: its money was taken back then. " +
      'Nothing was changed',
    billPaymentAlreadyReturned:
      'This bill payment was already returned in Payment Operations → Bill Pay: its money was paid back then. ' +
      'Nothing was changed',
  },
  /** Spec §8 "Reset screen". */
  resetTransfers: {
    fetchFailed: 'Failed to fetch users',
    error: (reason: string) => `Error: ${reason}`,
    protectedAccount: 'Cannot reset transfer count for the protected account',
    resetOne: (email: string) => `Reset transfer count for ${email}`,
    resetAll: (reset: number, skipped: number) => `Successfully reset ${reset} users. ${skipped} users skipped.`,
    confirmWarning: 'This resets the transfer count of every member. It cannot be undone.',
  },
  /** Staff holds on a member's money movement (helper-owned section: holds). */
  holds: {
    reasonRequired: 'Please give a reason for the hold',
    liftReasonRequired: 'Please give a reason for lifting the hold',
    alreadyHeld: 'This member already has a hold.',
    noHold: 'This member has no hold.',
    membersOnly: 'Only members with accounts can be put on hold.',
    placed: (name: string) => `Hold placed on ${name}. Their transfers are refused and they have been signed out.`,
    lifted: (name: string) => `Hold lifted for ${name}. Their transfers can go through again.`,
    /** The hold the portal places itself after too many wrong confirmation codes. */
    securityReason: (wrong: number, hours: number) =>
      `Placed by the portal: ${wrong} wrong confirmation codes in ${hours} hours (US bank transfers, ` +
      'new payees, card codes). Lift it once you have spoken to the member.',
    /** "Placed by" of a hold the portal placed itself. */
    placedByPortal: 'The portal (security)',
    placeFailed: 'Failed to place the hold',
    liftFailed: 'Failed to lift the hold',
  },
  /** Payment operations queue (helper-owned section: payment operations). */
  paymentOps: {
    loadFailed: 'Failed to load payment orders',
    orderNotFound: 'Payment order not found',
    alreadyResolved: 'This payment has already been settled, returned or expired.',
    settled: (amount: string, name: string) =>
      `Payment of ${amount} to ${name} marked as settled. The money has left the member's account.`,
    returned: (amount: string, name: string, reason: string) =>
      `Payment of ${amount} to ${name} returned (${reason}). The money is back in the member's account.`,
    settleFailed: 'Failed to settle the payment',
    returnFailed: 'Failed to return the payment',
    returnCodeRequired: 'Please choose a return reason',
    returnCodeInvalid: 'Please choose a return reason from the list',
    returnCodeWrongRail: (rail: string) => `Please choose a return reason for ${rail} payments`,
    noteTooLong: 'The note must be at most 500 characters',
    secInvalid: 'The SEC code must be WEB or PPD',
    nothingToExport: 'There are no ACH payments waiting to be exported.',
    exported: (fileName: string, count: number, total: string) =>
      `${fileName} created with ${count} ${count === 1 ? 'payment' : 'payments'} totalling ${total}.`,
    exportFailed: 'Failed to create the ACH file',
    exportsLoadFailed: 'Failed to load ACH files',
    exportNotFound: 'ACH file not found',
    tooManyFilesToday: 'At most 36 ACH files can be created in one day. Please try again tomorrow.',
    skipAmountTooLarge: (max: string) => `the amount is over the ${max} one ACH entry can carry`,
    /** An order the NACHA file cannot carry stays pending and out of the file; staff return it. */
    exportSkipped: (order: string, amount: string, name: string, reason: string) =>
      `Skipped order ${order} (${amount} to ${name}): ${reason}. It stays pending; return it to the member.`,
    nothingWritable: (skipped: string) => `No ACH file was created. ${skipped}`,
    skipRoutingInvalid: 'the routing number is not a valid 9-digit ABA number',
    skipAccountInvalid: 'the account number must be 1 to 17 letters or digits',
    skipNameMissing: 'the beneficiary name has no letters or digits an ACH file can carry',
    skipUnreadable: 'its account details could not be read (sealed under a secrets key this server does not hold)',
    skipAmountInvalid: 'the amount must be more than $0.00',
    /** Settle says the money went to this account; one whose numbers cannot be read was never in a file from here. */
    settleUnreadable:
      "This payment's account details could not be read (damaged, or sealed under a secrets key this server does " +
      'not hold), so it cannot be marked as sent. Return it to give the member their money back.',
  },
  /** Audit log screens (helper-owned section: audit). */
  audit: {
    loadFailed: 'Failed to load the audit log',
    actionsLoadFailed: 'Failed to load the list of actions',
    actionInvalid: 'Choose an action from the list',
    actorInvalid: 'Enter a staff e-mail address',
    memberInvalid: "Enter the member's e-mail address",
    memberNotFound: 'No member has that e-mail address',
    dateInvalid: 'Use a date like 2026-01-31',
    dateOrder: 'The From date must be on or before the To date',
    cursorInvalid: 'This page link is not valid. Start again from the newest entries.',
    pageSizeInvalid: 'Choose 20, 50 or 100 per page',
    empty: 'No entries match these filters.',
    nothingYet: 'Nothing recorded yet.',
    exportCapped: (max: string) =>
      `Export CSV includes at most ${max} entries, newest first. Narrow the dates to export older ones.`,
  },
  transfers: {
    fillAllFields: 'Please fill in all fields',
    sameAccount: 'Cannot transfer to the same account',
    invalidAmount: 'Please enter a valid amount',
    insufficientFunds: 'Insufficient funds',
    /** A payment to the member's credit card beyond what it owes (`owed`: "$1,500.00"). */
    moreThanCardOwes: (owed: string) =>
      owed === '$0.00'
        ? 'Your credit card owes nothing at the moment: there is nothing to pay'
        : `Your credit card owes ${owed}: enter that amount or less`,
    invalidRecipient: 'Please enter a valid recipient',
    emailInvalid: 'Please enter a valid email address',
    ownAccount: 'Cannot transfer to your own account',
    recipientNotFound: 'Recipient not found',
    recipientError: 'Error verifying recipient',
    recipientFound: (name: string) => `Recipient found: ${name}`,
    invalidAccountNumber: 'Please enter a valid account number',
    chooseBank: 'Please choose a bank from the list',
    otpRequired: 'Please enter OTP',
    otpInvalid: 'Invalid OTP',
    /** The confirmation code expired or its tries are used up: ask for a new one. */
    otpExpired: 'This code can no longer be used. Please request a new code.',
    otpSent: 'We sent a 6-digit code to your email. It confirms this transfer only.',
    otpAuthenticator: 'Enter the 6-digit code from your authenticator app to confirm this transfer.',
    invalidSwift: 'Invalid SWIFT/BIC code',
    invalidIntlAccount: 'Invalid account number',
    invalidIban: 'Invalid IBAN',
    tooLong: (max: number) => `Must be at most ${max} characters`,
    failed: 'Transfer failed. Please try again.',
    dashboardFailed:
      'An error occurred while processing your transfer. Please try again or contact support if the issue persists.',
    /** Spec §8 modals for ACCOUNT_LOCKED: suspended (own and member transfers), denied (external). */
    suspendedTitle: 'Transactions Suspended',
    suspended: 'All transactions have been temporarily suspended. Please contact our support team for assistance.',
    deniedTitle: 'Transaction Denied',
    externalSuspended:
      'External transfers from your account are temporarily suspended. ' +
      'Please visit a branch or contact our support team.',
    /** Spec §4/§8 "Transaction Blocked" modal: TRANSACTION_BLOCKED, too many wrong confirmation codes. */
    blockedTitle: 'Transaction Blocked',
    blocked: 'For security reasons, this transaction has been blocked. Please contact our support team for assistance.',
    /** Why the person is on the sign-in page after closing the "Transaction Blocked" modal. */
    blockedSignedOut: 'For your security you have been signed out. Please contact our support team.',
    /** The API's message for ACCOUNT_LOCKED on a transfer: the reason staff gave stays with staff. */
    onHold: 'Transfers from your account are on hold. Please contact our support team for assistance.',
    internationalNotice: 'Fees and processing time may apply. International transfers cannot be reversed.',
    limitReached: (limit: number, hours: number) =>
      `You have reached the limit of ${limit} outgoing transfers in ${hours} hours. ` +
      'Please try again later or contact support.',
    idempotencyKeyRequired: 'Each transfer needs a fresh Idempotency-Key header (16 to 100 letters, digits, - or _).',
    idempotencyKeyReused:
      'This request key was already used for a different transfer. Please start the transfer again.',
    internalDone: (amount: string, from: string, to: string) => `Transferred ${amount} from ${from} to ${to}.`,
    userDone: (amount: string, name: string) => `Sent ${amount} to ${name}.`,
    externalDone: (amount: string, bank: string) =>
      `Your transfer of ${amount} to ${bank} is on its way. ` +
      'The funds are held until the payment settles, usually within 1-2 business days.',
    internationalDone: (amount: string, bank: string) =>
      `Your international transfer of ${amount} to ${bank} has been submitted. ` +
      'The funds are held until the payment is sent.',
    accountNotFound: 'Account not found',
    sourceAccountNotFound: 'Source account not found',
    /** Above TRANSFER_MAX_AMOUNT: the most one transfer may move (default: what one ACH entry holds). */
    amountOverMaximum: (max: string) => `The most one transfer can move is ${max}. Please enter a smaller amount.`,
  },
  /** Bill Pay (spec §5 "Bill pay", §8): the form, payees, the schedule and staff returns. */
  billPay: {
    fillAllFields: 'Please fill in all required fields',
    invalidAmount: 'Please enter a valid amount',
    insufficientFunds: 'Insufficient funds',
    failed: 'Payment failed. Please try again.',
    scheduled: 'Payment scheduled successfully!',
    loadFailed: 'We could not load Bill Pay. Please try again.',
    chooseBiller: 'Please choose a biller from the list',
    choosePayee: 'Please choose a payee',
    accountNumberInvalid: 'Enter your account number at the biller: 4 to 30 letters or digits',
    nicknameTooLong: 'The nickname must be at most 60 characters',
    codeRequired: 'Please enter the 6-digit code',
    codeInvalid: 'Invalid code. Please try again.',
    codeSent: 'We sent a 6-digit code to your email. It confirms adding this payee only.',
    codeAuthenticator: 'Enter the 6-digit code from your authenticator app to confirm adding this payee.',
    dateInvalid: 'Please choose a payment date',
    dateTooEarly: (earliest: string) => `The earliest payment date is ${earliest}.`,
    dateTooLate: (latest: string) => `Payments can be scheduled at most 365 days ahead, until ${latest}.`,
    notBusinessDay: (date: string, why: string) =>
      `${date} is not a business day (${why}). Please choose a day the Federal Reserve is open.`,
    memoTooLong: 'The memo must be at most 140 characters',
    frequencyInvalid: 'Please choose how often to pay',
    countInvalid: 'Enter a number of payments from 2 to 120',
    endsOnlyWhenRecurring: 'An end date or a number of payments is only for a recurring payment',
    endOrCount: 'Choose an end date or a number of payments, not both',
    endsBeforeStart: 'The end date must be after the first payment date',
    payeeNotFound: 'Payee not found',
    /** Shown instead of a payee's masked number when it cannot be read (damaged, or under a key this server lacks). */
    numberUnreadable: '(unreadable)',
    /** A payee whose number cannot be read cannot be paid; removing it (and adding it again) still works. */
    payeeNumberUnreadable: (payee: string) =>
      `We could not read the account number saved for ${payee}, so it cannot be paid. ` +
      'Please remove this payee and add it again, or contact us.',
    paymentNotFound: 'Payment not found',
    seriesNotFound: 'Recurring payment not found',
    payeeAdded: (name: string) => `${name} was added to your payees.`,
    payeeRemoved: (name: string) => `${name} was removed from your payees.`,
    payeeExists: 'This account at this biller is already one of your payees.',
    payeeHasScheduled: 'This payee has scheduled payments. Cancel them first, then remove the payee.',
    tooManyPayees: (max: number) => `You can keep at most ${max} payees. Remove one you no longer pay first.`,
    tooManyScheduled: (max: number) =>
      `You can have at most ${max} scheduled payments. Cancel one you no longer need first.`,
    tooManySeries: (max: number) =>
      `You can have at most ${max} recurring payments. Stop one you no longer need first.`,
    cancelled: (amount: string, payee: string, date: string) =>
      `Your payment of ${amount} to ${payee} on ${date} was cancelled. Any money held for it is available again.`,
    cannotCancel: 'This payment can no longer be cancelled: it has been sent, or its cut-off time has passed.',
    seriesStopped: (payee: string) =>
      `Your recurring payment to ${payee} was stopped. No more payments will be made; a scheduled one was cancelled.`,
    /** Stopped after the cut-off on its payment's date: that payment is still sent (the send job has it). */
    seriesStoppedStillSent: (payee: string, amount: string, date: string) =>
      `Your recurring payment to ${payee} was stopped. Its payment of ${amount} on ${date} is past its cut-off ` +
      'time and will still be sent; no more payments will be made after it.',
    /** Stopped with no payment scheduled (one was just sent, failed or cancelled): nothing to cancel. */
    seriesStoppedNothingScheduled: (payee: string) =>
      `Your recurring payment to ${payee} was stopped. No more payments will be made.`,
    seriesAlreadyOver: 'This recurring payment has already ended.',
    returned: (amount: string, payee: string, reason: string) =>
      `Payment of ${amount} to ${payee} returned (${reason}). The money is back in the member's account.`,
    notReturnable: 'Only a sent payment can be returned, and only once.',
    /** Its sending was reversed by staff (a deleted transaction, Delete User Transactions): the money is back. */
    reversedByStaff:
      "This payment's money was already given back by staff: returning it would pay the member twice. " +
      'Nothing was changed.',
    nothingToExport: (date: string) => `No bill payments were sent on ${date}.`,
    nothingElectronic: (date: string) =>
      `No payments to electronic billers were sent on ${date}; the CSV lists the ones paid by check.`,
    /** Every payment the file would carry was left out (named after it): its payee's number, its length. */
    nothingWritable: (date: string) => `No bill payment sent on ${date} could be written to this file.`,
    /** Why an export left a payment out: its payee's number cannot be opened, so no file carries it. */
    skipUnreadable:
      "the member's account number at the biller could not be read (sealed under a secrets key this server " +
      'does not hold, or damaged), so neither file carries it: return it to the member, or pay the biller another way',
  },
  statements: {
    loadFailed: 'We could not load your statements. Please try again.',
    chooseAccount: 'Please choose an account',
    choosePeriod: 'Please choose a statement period',
    accountNotFound: 'Account not found',
    statementNotFound: 'Statement not found',
    periodInvalid: 'Please choose a statement period',
    periodOpen: 'That month has not ended yet: its statement is issued when the month closes.',
    periodTooOld: (earliest: string) =>
      `Statements before ${earliest} are not available online. Please contact support for older statements.`,
    /** The member's first statement is the month their first account was opened: nothing older exists. */
    firstStatement: (first: string) => `Your statements start with ${first}, the month your account was opened.`,
    /** Spec §8: the statement request says it will be sent to the registered e-mail. */
    emailed: (address: string) => `Your statement will be sent to your registered e-mail address (${address}).`,
    emailLimit: 'You have asked for many statements by e-mail in the last hour. Please try again later.',
    /** A statement not issued yet is drawn on the spot, so many at once (STATEMENT_DRAWS_*). */
    drawsInSession: 'Your statements are being prepared in this browser. Please wait for them to finish.',
    drawsForMember: 'Your statements are being prepared on your other devices. Please wait for them to finish.',
    drawsFull: 'Statements are busy right now. Please try again in a minute.',
    readyTitle: 'Your statement is ready',
    readyBody: (label: string, account: string) => `Your ${label} statement for ${account} is ready to view.`,
    noticeResent: 'The statement notice was sent again.',
    runStarted: (label: string) => `Issuing the ${label} statements has started.`,
    runWaiting: (label: string) => `Issuing the ${label} statements is already waiting to start.`,
  },
  deposits: {
    /** Spec §5: account, amount, front and back images are required. */
    fillAllFields: 'Please fill in all required fields',
    invalidAmount: 'Please enter a valid amount',
    chooseAccount: 'Please choose the account to deposit to',
    frontRequired: 'Please add a photo of the front of the check',
    backRequired: 'Please add a photo of the back of the check',
    backSameAsFront: 'The back photo is the same picture as the front. Please add a photo of the back of the check',
    /** Spec §5 "files must be images"; checked by content, not by the file's name. */
    imageType: 'Please select an image file (a JPEG, PNG or WebP photo)',
    imageTooLarge: (megabytes: number) => `Image size should be less than ${megabytes}MB`,
    imageUnreadable: 'We could not read this photo. Please take it again.',
    imageTooSmall: 'This photo is too small to read the check. Please take it again, closer to the check.',
    checkNumberInvalid: 'The check number is 1 to 10 digits (top right of the check)',
    /** Spec §9 (10,000 per check); decisions.md: enforced and shown. */
    overCheckLimit: (limit: string) => `The most you can deposit with one check is ${limit}.`,
    overDailyAmount: (limit: string, left: string) =>
      `This deposit would go over your daily mobile deposit limit of ${limit}. ` +
      `You can deposit up to ${left} more today.`,
    overDailyCount: (count: number) =>
      `You have made ${count} mobile deposits today, the most allowed in a day. Please try again tomorrow.`,
    overMonthlyAmount: (limit: string, left: string) =>
      `This deposit would go over your limit of ${limit} in mobile deposits in 30 days. ` +
      `You can deposit up to ${left} more now.`,
    overMonthlyCount: (count: number) =>
      `You have made ${count} mobile deposits in the last 30 days, the most allowed. Please try again later.`,
    alreadyDeposited: (date: string) =>
      `This check was already deposited on ${date}. A check can be deposited only once. ` +
      'If you think this is a mistake, please contact us.',
    /** Spec §8, word for word. */
    submitted:
      'Check deposit submitted successfully! Your funds will be available according to our standard deposit policy.',
    failed: 'Deposit failed. Please try again.',
    loadFailed: 'We could not load your deposits. Please try again.',
    notFound: 'Deposit not found',
    alreadyReviewed: 'This deposit has already been reviewed.',
    sameCheckAccepted: (date: string) =>
      `A deposit of this same check photo, made on ${date}, was already approved: approving this one would ` +
      'credit the check twice. Reject it instead.',
    notReturnable: 'Only an accepted deposit can be returned, and only once.',
    /** Its credit was reversed by staff (a deleted transaction, Delete User Transactions): the money is gone. */
    reversedByStaff:
      "This deposit's money was already reversed by staff: returning the check would take it back twice. " +
      'Nothing was changed.',
    reasonRequired: 'Please give a reason',
    reasonTooLong: (max: number) => `The reason must be at most ${max} characters`,
    approved: (amount: string, date: string) => `Deposit of ${amount} approved. Funds fully available on ${date}.`,
    rejected: (amount: string) => `Deposit of ${amount} rejected. The member has been told why.`,
    returned: (amount: string) => `Deposit of ${amount} returned. The member has been told.`,
    /** The words the member writes under their signature on the back of the check. */
    endorsement: (creditUnion: string) => `For mobile deposit only at ${creditUnion}`,
  },
  cards: {
    /** Spec §8: only when the card service really cannot answer (its key is missing, the database is down). */
    unavailable: 'Service temporarily unavailable. Please try again later.',
    loadFailed: 'We could not load your cards. Please try again.',
    notFound: 'Card not found',
    locked: (last4: string) =>
      `Your card ending ${last4} is locked. No new purchases will be approved until you unlock it.`,
    unlocked: (last4: string) => `Your card ending ${last4} is unlocked and ready to use.`,
    alreadyLocked: 'This card is already locked.',
    notLocked: 'This card is not locked.',
    closedCard: 'This card has been closed and can no longer be changed.',
    notActive: 'This card is not active.',
    reportedLost: (last4: string, replacementLast4: string) =>
      `Your card ending ${last4} is closed for good. ` +
      `A replacement card ending ${replacementLast4} is on its way: activate it when it arrives.`,
    reasonRequired: 'Please tell us whether the card was lost or stolen',
    activated: (last4: string) => `Your card ending ${last4} is active.`,
    alreadyActive: 'This card is already active.',
    activationMismatch: 'The last 4 digits or the expiry date do not match the card we sent you.',
    activationLast4: 'Enter the last 4 digits of the card number',
    activationExpiry: 'Enter the expiry date as MM/YY',
    activationTooMany: 'Too many tries. Please wait a few minutes, or call us.',
    activateFirst: 'Activate this card first: its details are on the card you received.',
    /** Spec §5 "Card OTP": digits only, 6 characters. */
    otpInvalid: 'Please enter the 6-digit code',
    otpWrong: 'The code is incorrect. Please try again.',
    otpExpired: 'This code has expired or has been used too many times. Please ask for a new one.',
    otpSent: 'We sent a 6-digit code to your email. Enter it to continue.',
    /** The modal opened again while the code emailed before still works: nothing new is sent. */
    otpAlreadySent: (until: string) =>
      `We already sent a 6-digit code to your email. It works until ${until}. Enter it to continue.`,
    otpAuthenticator: 'Enter the 6-digit code from your authenticator app.',
    pinFormat: 'The PIN is 4 digits',
    pinMismatch: 'The two PINs do not match',
    pinTrivial: 'This PIN is too easy to guess. Please choose another.',
    pinChanged: (last4: string) => `The PIN of your card ending ${last4} has been changed.`,
    limitInvalid: 'Please enter a valid amount',
    limitTooHigh: (max: string) => `The most this limit can be is ${max}`,
    perPurchaseOverDaily: 'The per-purchase limit cannot be more than the daily purchase limit',
    limitsSaved: (last4: string) => `The limits of your card ending ${last4} have been saved.`,
    detailsVisible: (seconds: number) => `Card details are shown for ${seconds} seconds.`,
  },
  /** The member's transaction history and its downloads. */
  history: {
    /** OFX and QIF are bank statements of Checking and Savings; a credit card's line is exported as CSV. */
    moneyFilesForDepositAccounts: 'OFX and QIF files are for Checking and Savings. Export the credit card as CSV.',
    /** A download of the history (CSV, OFX, QIF) while too many are still being written out. */
    exportsInSession: 'Your history is already downloading in this browser. Please wait for it to finish.',
    exportsForMember: 'Your history is already downloading on your other devices. Please wait for it to finish.',
    exportsFull: 'Downloads are busy right now. Please try again in a minute.',
  },
  live: {
    tooManyInSession: 'Live updates are already open in too many tabs of this browser. Close a tab to get them here.',
    tooManyForMember: 'Live updates are already open on too many of your devices. Close one to get them here.',
    full: 'Live updates are busy right now. The page still works; refresh to see changes.',
  },
  /** An upload (check photos, an ID document, a profile picture) while too many are still being received. */
  uploads: {
    inSession: 'An upload is already under way in this browser. Please wait for it to finish, then try again.',
    forMember: 'Uploads are already under way on your other devices. Please wait for one to finish, then try again.',
    fromAddress: 'Too many uploads are under way from your network. Please wait a minute, then try again.',
    full: 'Uploads are busy right now. Please try again in a minute.',
  },
  generic: {
    rateLimited: 'Too many requests. Please wait a moment and try again.',
    notFound: 'The page or resource you asked for does not exist.',
    internal: 'Something went wrong on our side. Please try again.',
    unavailable: 'Service temporarily unavailable. Please try again in a few seconds.',
    validation: 'Some of the information entered is not valid.',
    /** Text with NUL or another invisible control character (tab and line breaks: `singleLine`). */
    controlCharacter:
      'This text contains an invisible control character that cannot be saved. Please retype it and try again.',
    /** A line break or tab in a one-line field (only the fields written in a text area may hold them). */
    singleLine: 'This field is a single line. Please remove the line breaks and tabs and try again.',
  },
} as const;
