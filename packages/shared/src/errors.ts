// Stable error codes. The server sends `code`; the web app translates codes and never parses
// messages. `status` is the HTTP status the envelope goes out with; `message` is English for logs
// and API users. Add codes here, never inline strings elsewhere.
export const errorCatalogue = {
  // generic
  BAD_REQUEST: { status: 400, message: 'The request is not valid' },
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid' },
  ENCRYPTION_REQUIRED: { status: 400, message: 'This call needs an encrypted payload' },
  ENCRYPTION_INVALID: { status: 400, message: 'The encrypted payload could not be read' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  INTERNAL_ERROR: { status: 500, message: 'Unknown error' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'The service is briefly unavailable, please try again in a moment' },
  MERCHANT_MISMATCH: { status: 400, message: 'This site does not serve that merchant' },
  // site state (spec §2 whole-site states, §8)
  SYSTEM_MAINTENANCE: { status: 503, message: 'System maintenance' },
  REGION_RESTRICTED: { status: 403, message: 'Access restricted (location or IP)' },
  FEATURE_DISABLED: { status: 403, message: 'Operation not enabled, please contact customer service' },
  // auth and sessions
  AUTH_REQUIRED: { status: 401, message: 'You are not logged in, please login' },
  AUTH_SESSION_EXPIRED: { status: 401, message: 'Your session has expired, please login' },
  AUTH_FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  ACCOUNT_TRIAL_RESTRICTED: { status: 403, message: 'Please use a real account for this' },
  TERMS_NOT_ACCEPTED: { status: 403, message: 'Please accept the new terms and conditions first' },
  ACCOUNT_NOT_MEMBER: { status: 403, message: 'Non-member account unable to login' },
  ACCOUNT_NOT_AGENT: { status: 403, message: 'Non-agents cannot log in' },
  ACCOUNT_DISABLED: { status: 403, message: 'This account is disabled, please contact customer service' },
  ACCOUNT_PASSWORD_INVALID: { status: 401, message: 'Incorrect username or password' },
  ACCOUNT_NOT_FOUND: { status: 404, message: 'Username/Email does not exist' },
  ACCOUNT_USERNAME_TAKEN: { status: 409, message: 'This username is already registered' },
  ACCOUNT_MOBILE_TAKEN: { status: 409, message: 'This mobile number is already registered' },
  ACCOUNT_EMAIL_MISMATCH: { status: 400, message: 'Username/Email does not exist' },
  ACCOUNT_AGE_RESTRICTED: { status: 422, message: 'You are not old enough to register' },
  REGISTRATION_ACCEPTANCE_REQUIRED: {
    status: 400,
    message: 'Please accept the terms, the privacy policy and confirm your age to register',
  },
  PASSWORD_OLD_INVALID: { status: 400, message: 'The old password is not correct' },
  PASSWORD_CONFIRM_MISMATCH: { status: 400, message: 'Confirmation password is not correct' },
  PASSWORD_SAME_AS_OLD: { status: 400, message: 'The new password must differ from the old one' },
  PASSWORD_FORMAT_INVALID: { status: 400, message: 'Password format is incorrect' },
  PASSWORD_RESET_TOKEN_INVALID: { status: 400, message: 'The reset link is invalid or has expired' },
  LOGIN_VERIFICATION_REQUIRED: { status: 403, message: 'Please complete verification first' },
  LOGIN_VERIFICATION_INVALID: { status: 400, message: 'The verification answer is not correct' },
  LOGIN_VERIFICATION_EXPIRED: { status: 400, message: 'The verification has expired, please log in again' },
  LOGIN_VERIFICATION_METHOD_UNAVAILABLE: {
    status: 400,
    message: 'This verification method is not available',
  },
  // challenge and captcha
  CHALLENGE_REQUIRED: { status: 400, message: 'Please complete verification first' },
  CHALLENGE_INVALID: { status: 400, message: 'Captcha check failed or domain not allowed' },
  CAPTCHA_REQUIRED: { status: 400, message: 'Please enter the captcha' },
  CAPTCHA_INVALID: { status: 400, message: 'The captcha is not correct' },
  // phone verification (spec §8)
  SMS_PHONE_INVALID: { status: 400, message: 'Invalid phone number format' },
  SMS_PHONE_MISSING: { status: 400, message: 'Missing phone number' },
  SMS_TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests, please retry after 5 minutes' },
  SMS_CODE_INVALID: { status: 400, message: 'Invalid verification code' },
  SMS_CODE_MISSING: { status: 400, message: 'Missing verification code' },
  SMS_CODE_EXPIRED: { status: 400, message: 'Verification code expired, please resend' },
  SMS_QUOTA_INSUFFICIENT: { status: 503, message: 'Quota insufficient, please contact customer service' },
  // registration and affiliates
  AFFILIATE_CODE_INVALID: { status: 400, message: 'Invalid invitation code' },
  REFERRAL_CODE_INVALID: { status: 400, message: 'Invalid invitation code' },
  // wallet (ledger)
  WALLET_INSUFFICIENT_FUNDS: { status: 422, message: 'Insufficient balance' },
  WALLET_POSTING_UNBALANCED: { status: 500, message: 'A posting must sum to zero' },
  WALLET_NO_UPLINE: { status: 422, message: 'You have no upline to transfer to' },
  PAYMENT_PASSWORD_NOT_SET: { status: 422, message: 'Please set a payment password first' },
  PAYMENT_PASSWORD_INVALID: { status: 400, message: 'The payment password is not correct' },
  WALLET_IDEMPOTENCY_CONFLICT: { status: 409, message: 'This request was already made with other details' },
  // security centre (payment password, bound mobile and email)
  PAYMENT_PASSWORD_ALREADY_SET: { status: 409, message: 'A payment password is already set: change it instead' },
  PAYMENT_PASSWORD_FORMAT_INVALID: { status: 400, message: 'Payment password format is incorrect' },
  PAYMENT_PASSWORD_CONFIRM_MISMATCH: { status: 400, message: 'The two payment passwords do not match' },
  PAYMENT_PASSWORD_SAME_AS_LOGIN: { status: 400, message: 'The payment password must differ from the login password' },
  SECURITY_PASSWORD_INVALID: { status: 400, message: 'The login password is not correct' },
  SECURITY_CHANNEL_NOT_BOUND: { status: 422, message: 'No mobile number or email is bound for this' },
  SECURITY_CODE_CHANNEL_REQUIRED: {
    status: 400,
    message: 'Enter the code sent to your bound mobile number or email',
  },
  SECURITY_CONTACT_UNCHANGED: { status: 409, message: 'This is already bound to your account' },
  SECURITY_EMAIL_INVALID: { status: 400, message: 'Invalid email address' },
  // two-factor authentication
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, message: 'Two-factor authentication is already on' },
  TWO_FACTOR_NOT_ENABLED: { status: 409, message: 'Two-factor authentication is not on' },
  TWO_FACTOR_ENROLMENT_EXPIRED: { status: 409, message: 'The set-up has expired, please start again' },
  TWO_FACTOR_CODE_INVALID: { status: 400, message: 'The authenticator or recovery code is not correct' },
  // cashier
  CASHIER_METHOD_UNAVAILABLE: { status: 404, message: 'This payment method is not available' },
  CASHIER_AMOUNT_OUT_OF_RANGE: { status: 400, message: 'The amount is outside the limits of this method' },
  CASHIER_ORDER_NOT_FOUND: { status: 404, message: 'No such order' },
  CASHIER_STATE_CONFLICT: { status: 409, message: 'The order is not in a state that allows this' },
  CASHIER_SIGNATURE_INVALID: { status: 401, message: 'The gateway signature is not valid' },
  CASHIER_CALLBACK_MISMATCH: { status: 400, message: 'The callback does not match the order' },
  CASHIER_BANK_ACCOUNT_NOT_FOUND: { status: 404, message: 'No such bank account' },
  CASHIER_BANK_ACCOUNT_NOT_CONFIRMED: { status: 422, message: 'This bank account is not confirmed yet' },
  CASHIER_BANK_ACCOUNT_LOCKED: { status: 409, message: 'A confirmed bank account cannot be changed' },
  CASHIER_BANK_ACCOUNT_DUPLICATE: { status: 409, message: 'This bank account is already linked' },
  CASHIER_TURNOVER_NOT_MET: { status: 422, message: 'The turnover requirement is not met yet' },
  CASHIER_REQUEST_CONFLICT: { status: 409, message: 'This request was already made with other details' },
  CASHIER_BONUS_FORFEIT_UNCONFIRMED: {
    status: 409,
    message: 'This withdrawal forfeits your active bonus: confirm that you give it up',
  },
  CASHIER_PAYEE_MISMATCH: {
    status: 409,
    message: "The payee is not the member's verified name: note that it was checked",
  },
  CASHIER_PAYOUT_REFERENCE_USED: { status: 409, message: 'This payout reference was already used for this account' },
  CASHIER_PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'The payment provider cannot be reached right now; please try again in a few minutes',
  },
  CASHIER_PROVIDER_REFUSED: {
    status: 422,
    message: 'The payment provider refused this payment; please try another method or amount',
  },
  // games
  GAME_MAINTENANCE: { status: 503, message: 'Game maintenance, please try other games' },
  GAME_LAUNCH_UNAVAILABLE: { status: 503, message: 'This game cannot be launched right now, please try later' },
  GAME_NO_LOBBY: { status: 422, message: 'This vendor has no game lobby' },
  // responsible play (docs/responsible-play.md)
  RESPONSIBLE_DEPOSIT_LIMIT: { status: 422, message: 'This deposit would go over your deposit limit' },
  RESPONSIBLE_SESSION_LIMIT: {
    status: 403,
    message: 'You have reached your daily session time limit; you can play again tomorrow',
  },
  RESPONSIBLE_BREAK_ACTIVE: {
    status: 403,
    message: 'You are taking a break from play; deposits, games and promotions are closed until it ends',
  },
  RESPONSIBLE_BREAK_LOCKED: { status: 409, message: 'A break cannot be shortened or ended early' },
  RESPONSIBLE_NO_BREAK: { status: 409, message: 'This member is not on a break' },
  // vendor gateway (operator side; the vendor API itself answers vendorStatusCatalogue statuses)
  VENDOR_NOT_FOUND: { status: 404, message: 'No such vendor integration' },
  VENDOR_EXISTS: { status: 409, message: 'A vendor with this code already exists' },
  CATALOGUE_SYNC_UNAVAILABLE: {
    status: 502,
    message: "The provider's game list could not be read; check its Games API settings and key, then try again",
  },
  CATALOGUE_SYNC_CHANGED: {
    status: 409,
    message: "The provider's game list has changed since it was shown: look at the new changes before applying",
  },
  ROUND_DETAILS_UNAVAILABLE: {
    status: 503,
    message: "The game provider's details of this round cannot be shown right now",
  },
  CATALOGUE_SYNC_NOT_SET_UP: {
    status: 409,
    message: 'This vendor has no Games API to list its games from (its settings and an operator key)',
  },
  // the trader console: what the sportsbook's trader API answered (or did not)
  SPORTSBOOK_UNAVAILABLE: { status: 503, message: 'The sportsbook is not answering; try again in a moment' },
  SPORTSBOOK_NOT_FOUND: { status: 404, message: 'The sportsbook does not know this event, market or player' },
  SPORTSBOOK_REFUSED: { status: 409, message: 'The sportsbook refused this change' },
  SPORTSBOOK_BAD_ANSWER: { status: 502, message: 'The sportsbook answered something the platform cannot read' },
  // the card room's hand histories and reports, read from the house studio
  PVP_RECORDS_UNAVAILABLE: { status: 503, message: 'The card room records are not answering; try again in a moment' },
  PVP_FLAG_NOT_FOUND: { status: 404, message: 'The integrity report of these days has no such flag' },
  PVP_FLAG_REVIEW_CONFLICT: {
    status: 409,
    message: 'This flag was decided by someone else or counts other hands since you opened it; reload it',
  },
  // back-office operators, roles and their sign-in
  OPERATOR_TWO_FACTOR_REQUIRED: {
    status: 401,
    message: 'Enter the code from your authenticator app or a recovery code',
  },
  OPERATOR_TWO_FACTOR_SETUP_REQUIRED: {
    status: 403,
    message: 'Set up two-factor authentication before using the back office',
  },
  OPERATOR_PASSWORD_CHANGE_REQUIRED: {
    status: 403,
    message: 'Choose a new password before using the back office',
  },
  OPERATOR_NOT_FOUND: { status: 404, message: 'No such operator' },
  OPERATOR_ROLE_NOT_FOUND: { status: 404, message: 'No such role' },
  OPERATOR_ROLE_NAME_TAKEN: { status: 409, message: 'A role with this name already exists' },
  OPERATOR_ROLE_BUILT_IN: { status: 409, message: 'Built-in roles cannot be changed: create a role of your own' },
  OPERATOR_ROLE_IN_USE: { status: 409, message: 'Operators hold this role: give them other roles before deleting it' },
  OPERATOR_SELF_CHANGE: { status: 403, message: 'You cannot do this to your own operator account' },
  OPERATOR_PERMISSION_ESCALATION: { status: 403, message: 'You cannot grant permissions you do not hold yourself' },
  OPERATOR_TARGET_OUTRANKS: { status: 403, message: 'This operator holds permissions you do not hold' },
  // back-office members area
  MEMBER_NOT_FOUND: { status: 404, message: 'No such member' },
  MEMBER_UPLINE_NOT_AGENT: { status: 422, message: 'The upline must be an active agent' },
  MEMBER_UPLINE_CYCLE: { status: 422, message: 'The member cannot be their own upline or the upline of their upline' },
  MEMBER_TRIAL_ACCOUNT: { status: 422, message: 'A trial account cannot be changed this way' },
  MEMBER_EMAIL_NOT_BOUND: { status: 422, message: 'The member has no email address bound' },
  // risk (docs/risk.md)
  RISK_LINK_NOT_FOUND: { status: 404, message: 'No such linked-account record' },
  RISK_FLAG_NOT_FOUND: { status: 404, message: 'No such risk flag' },
  RISK_ALREADY_REVIEWED: { status: 409, message: 'This was already reviewed' },
  ADJUSTMENT_NOT_FOUND: { status: 404, message: 'No such balance adjustment' },
  ADJUSTMENT_SELF_APPROVAL: { status: 403, message: 'Another operator must approve an adjustment you requested' },
  ADJUSTMENT_DECIDED: { status: 409, message: 'This adjustment was already decided' },
  ADJUSTMENT_REQUEST_CONFLICT: {
    status: 409,
    message: 'This request id was already used for a different adjustment',
  },
  ADJUSTMENT_NOT_REQUESTER: { status: 403, message: 'Only the operator who requested an adjustment can cancel it' },
  // back office: content, games and site
  CONTENT_NOT_FOUND: { status: 404, message: 'No such content item' },
  CONTENT_DUPLICATE: { status: 409, message: 'An item with this title already exists here' },
  LEGAL_VERSION_PUBLISHED: {
    status: 409,
    message: 'A published version never changes: start a new version to change the text',
  },
  GAME_NOT_FOUND: { status: 404, message: 'No such game' },
  VENDOR_SECRET_DERIVED: {
    status: 409,
    message:
      "The house studio derives this vendor's secret from the platform's studio secret: it cannot be rotated here",
  },
  // agent centre: downlines
  AGENT_NOT_DIRECT_DOWNLINE: { status: 409, message: 'Only a direct downline can be made a sub-agent' },
  AGENT_DOWNLINE_NOT_MEMBER: { status: 409, message: 'Only a regular member account can be made a sub-agent' },
  AGENT_DOWNLINE_DISABLED: { status: 409, message: 'This downline account is disabled' },
  AGENT_DOWNLINE_ALREADY_AGENT: { status: 409, message: 'This downline is already an agent' },
  // agent centre: named referral links
  REFERRAL_LINK_NAME_TAKEN: { status: 409, message: 'You already have a referral link with this name' },
  REFERRAL_LINK_LIMIT: {
    status: 409,
    message: 'You have the most active referral links allowed; disable one first',
  },
  // agent contracts
  CONTRACT_NOT_FOUND: { status: 404, message: 'No such contract' },
  CONTRACT_NOT_DIRECT_DOWNLINE: { status: 409, message: 'Contracts can only be offered to a direct downline' },
  CONTRACT_NOT_AGENT: { status: 403, message: 'Only an agent can offer contracts' },
  CONTRACT_NO_OWN_CONTRACT: { status: 409, message: 'You need an active contract of this kind to offer one' },
  CONTRACT_RATE_ABOVE_UPLINE: { status: 409, message: "The rate cannot be higher than the upline's own contract" },
  CONTRACT_PERIOD_MISMATCH: {
    status: 409,
    message: "A downline's dividend contract must have the same period as its upline's own",
  },
  CONTRACT_RATE_ABOVE_LIMIT: { status: 409, message: 'The rate is above the limit for this contract kind' },
  CONTRACT_ALREADY_OPEN: { status: 409, message: 'This member already has an offered or active contract of this kind' },
  CONTRACT_STATE_INVALID: { status: 409, message: 'The contract is not in a state that allows this action' },
  CONTRACT_PERIOD_INVALID: {
    status: 422,
    message: 'Dividend contracts need a period; salary contracts have a fixed one',
  },
  CONTRACT_NOT_TOP_AGENT: { status: 409, message: 'The operator offers contracts only to top agents' },
  CONTRACT_TEMPLATE_NOT_FOUND: { status: 404, message: 'No such contract template' },
  STATEMENT_NOT_FOUND: { status: 404, message: 'No such statement' },
  STATEMENT_NOT_HELD: { status: 409, message: 'This statement is not held' },
  STATEMENT_ON_HOLD: { status: 409, message: 'This statement is kept on hold: take it off hold before releasing it' },
  // points mall
  POINTS_INSUFFICIENT: { status: 422, message: 'Not enough points' },
  POINTS_REWARD_NOT_FOUND: { status: 404, message: 'No such reward' },
  POINTS_REWARD_UNAVAILABLE: { status: 409, message: 'This reward cannot be redeemed right now' },
  POINTS_OUT_OF_STOCK: { status: 409, message: 'This reward is out of stock' },
  POINTS_QUANTITY_ABOVE_LIMIT: { status: 422, message: 'That is more than one redemption of this reward allows' },
  POINTS_REQUEST_CONFLICT: { status: 409, message: 'This request was already made with other details' },
  POINTS_CONVERT_DISABLED: { status: 403, message: 'Converting points is not enabled' },
  POINTS_CONVERT_BELOW_MINIMUM: { status: 422, message: 'That is below the smallest conversion' },
  POINTS_CONVERT_STEP: { status: 422, message: 'Points convert in whole steps of the exchange ratio' },
  POINTS_REDEMPTION_NOT_FOUND: { status: 404, message: 'No such redemption' },
  POINTS_REDEMPTION_DECIDED: { status: 409, message: 'This redemption was already decided' },
  POINTS_REWARD_NAME_TAKEN: { status: 409, message: 'A reward with this name already exists' },
  // rewards and promotions
  PROMOTION_NOT_FOUND: { status: 404, message: 'No such promotion' },
  PROMOTION_NOT_OPEN: { status: 409, message: 'This promotion is not open' },
  PROMOTION_ALREADY_JOINED: { status: 409, message: 'You already joined this promotion' },
  PROMOTION_NOT_APPLICATION: { status: 409, message: 'This promotion does not take applications' },
  PROMOTION_IMAGE_INVALID: { status: 422, message: 'Images must be PNG or JPEG files of at most 5 MB, 3 at most' },
  PROMOTION_STATUS_INVALID: { status: 409, message: 'The promotion cannot change to that status from its current one' },
  APPLICATION_NOT_FOUND: { status: 404, message: 'No such application' },
  APPLICATION_DECIDED: { status: 409, message: 'This application was already decided' },
  REWARD_NOT_FOUND: { status: 404, message: 'No such reward' },
  REWARD_NOT_CLAIMABLE: { status: 409, message: 'This reward cannot be claimed' },
  PROMOTION_NOT_ELIGIBLE: { status: 403, message: 'This promotion is not offered to you' },
  PROMOTION_BUDGET_REACHED: { status: 409, message: "This promotion's budget is used up" },
  PROMOTION_CLAIMS_REACHED: { status: 409, message: 'This promotion has been claimed as many times as it allows' },
  PROMOTION_MEMBER_CLAIMS_REACHED: {
    status: 409,
    message: 'You have claimed this promotion as many times as it allows',
  },
  // missions (docs/missions.md)
  MISSION_NOT_FOUND: { status: 404, message: 'No such mission' },
  MISSION_NOT_COMPLETE: { status: 409, message: 'This mission is not complete yet' },
  MISSION_ALREADY_CLAIMED: { status: 409, message: "This mission's reward was already claimed" },
  MISSION_CLAIM_EXPIRED: { status: 409, message: "The time to claim this mission's reward is over" },
  MISSION_ENDED: { status: 409, message: 'This mission has ended and cannot be changed' },
  MISSION_STATE_INVALID: { status: 409, message: 'The mission cannot change to that state from its current one' },
  // referrals and tickets (docs/referrals-tickets.md)
  REFERRAL_REPORT_RANGE_INVALID: { status: 400, message: 'The report range is not valid (at most 366 days)' },
  TICKET_NOT_FOUND: { status: 404, message: 'No such ticket' },
  TICKET_ALREADY_OPENED: { status: 409, message: 'This ticket is already opened' },
  TICKET_NO_PRIZES: { status: 409, message: 'This ticket has no prizes to draw' },
  TICKET_DRAW_NOT_FOUND: { status: 404, message: 'No such draw' },
  TICKET_KIND_NOT_FOUND: { status: 404, message: 'No such ticket kind' },
  TICKET_KIND_DISABLED: { status: 409, message: 'This ticket kind is disabled' },
  TICKET_REPORT_RANGE_INVALID: { status: 400, message: 'The report range is not valid (at most 366 days)' },
  // live chat (docs/chat.md)
  CHAT_VISITOR_REQUIRED: { status: 401, message: 'Please sign in or give your name to chat with us' },
  CHAT_MODEL_NOT_FOUND: { status: 404, message: 'No such chat entry point' },
  CHAT_CONVERSATION_NOT_FOUND: { status: 404, message: 'No such conversation' },
  CHAT_CONVERSATION_CLOSED: { status: 409, message: 'This conversation is closed, please start a new one' },
  CHAT_NOT_ASSIGNED: { status: 409, message: 'This conversation is not assigned to you' },
  CHAT_ALREADY_TAKEN: { status: 409, message: 'Another operator already took this conversation' },
  CHAT_OPERATOR_UNAVAILABLE: { status: 409, message: 'That operator is not online for support chat' },
  CHAT_ATTACHMENT_NOT_FOUND: { status: 404, message: 'No such image' },
  CHAT_CANNED_NOT_FOUND: { status: 404, message: 'No such canned reply' },
  // public chat room (docs/chat.md "Public chat room")
  CHATROOM_TEXT_LENGTH: { status: 400, message: 'A chat room message is 1 to 300 characters' },
  CHATROOM_TEXT_INVALID: {
    status: 400,
    message: 'A chat room message cannot contain control characters or line breaks',
  },
  CHATROOM_LINK_NOT_ALLOWED: { status: 400, message: 'Links are not allowed in the chat room' },
  CHATROOM_RATE_LIMITED: { status: 429, message: 'You are sending messages too fast, please wait a moment' },
  CHATROOM_MUTED: { status: 403, message: 'You are muted in the chat room' },
  CHATROOM_BANNED: { status: 403, message: 'You are banned from the chat room' },
  CHATROOM_MESSAGE_NOT_FOUND: { status: 404, message: 'No such chat room message' },
  CHATROOM_MEMBER_NOT_FOUND: { status: 404, message: 'No such member' },
  CHATROOM_RESTRICTION_NOT_FOUND: { status: 404, message: 'This member has no such mute or ban in force' },
  // VIP levels and rebates (docs/vip.md)
  VIP_WITHDRAWAL_COUNT_LIMIT: { status: 422, message: 'Your VIP level allows no more withdrawals today' },
  VIP_WITHDRAWAL_AMOUNT_LIMIT: { status: 422, message: 'This withdrawal is above what your VIP level allows today' },
  VIP_LEVEL_NOT_FOUND: { status: 404, message: 'No such VIP level' },
  VIP_LEVEL_IN_USE: { status: 409, message: 'Members are at a VIP level that would be removed' },
  REBATE_NOTHING_TO_CLAIM: { status: 409, message: 'There is no rebate to claim yet' },
  REBATE_MANUAL_DISABLED: { status: 403, message: 'Rebates are paid automatically on this site' },
  // KYC identity verification (docs/kyc.md)
  KYC_LEVEL_REQUIRED: { status: 403, message: 'Please complete identity verification before withdrawing' },
  KYC_WITHDRAWAL_LIMIT: { status: 422, message: 'This withdrawal is above what your verification level allows today' },
  KYC_FILE_TYPE: { status: 415, message: 'Only png, jpg or pdf files are accepted (a selfie must be an image)' },
  KYC_FILE_TYPE_MISMATCH: { status: 415, message: "The file's content does not match its type" },
  KYC_FILE_INVALID: { status: 400, message: 'The file could not be read' },
  KYC_FILE_TOO_LARGE: { status: 413, message: 'The file is too large (at most 5 MB)' },
  KYC_IMAGE_TOO_LARGE: { status: 413, message: 'The image is too large (at most 8000 pixels a side)' },
  KYC_DOCUMENT_NOT_FOUND: { status: 404, message: 'No such document' },
  KYC_DOCUMENT_REVIEWED: { status: 409, message: 'This document has already been reviewed' },
  KYC_TOO_MANY_PENDING: { status: 409, message: 'Too many documents are waiting for review' },
  KYC_DETAILS_REQUIRED: { status: 409, message: 'Please enter your name and birthday first' },
  KYC_DETAILS_LOCKED: { status: 409, message: 'Your identity is verified; contact customer service to change it' },
  KYC_NAME_MISMATCH: { status: 422, message: 'The account name must match your verified name' },
  KYC_UNDER_AGE: { status: 403, message: 'The account has been closed: the minimum age is not met' },
  KYC_REFUND_NONE: { status: 409, message: 'No under-age refund is waiting for this member' },
  KYC_REFUND_PAID_OUT: { status: 409, message: 'This refund has already been paid out' },
  KYC_REFUND_NO_PAYEE: { status: 409, message: 'The member has no confirmed bank account in the verified name' },
  // messages, broadcasts and feedback (docs/messages.md)
  MESSAGE_NOT_FOUND: { status: 404, message: 'No such message' },
  BROADCAST_NOT_FOUND: { status: 404, message: 'No such broadcast' },
  BROADCAST_NOT_SCHEDULED: { status: 409, message: 'Only a broadcast that is still scheduled can be cancelled' },
  BROADCAST_TEXT_MISSING: { status: 400, message: 'The fallback language has no text' },
  BROADCAST_AUDIENCE_INVALID: { status: 400, message: 'The audience names no VIP level, agent or members that exist' },
  BROADCAST_REACH_UNCONFIRMED: {
    status: 409,
    message: 'Confirm the reach as it is now; an audience of everyone needs the number of members typed in',
  },
  FEEDBACK_CONTENT_LENGTH: { status: 400, message: 'The feedback text is too short or too long' },
  FEEDBACK_TOO_MANY_IMAGES: { status: 400, message: 'At most 3 images can be attached' },
  FEEDBACK_IMAGE_INVALID: { status: 400, message: 'Images must be PNG or JPG' },
  FEEDBACK_IMAGE_TOO_LARGE: { status: 413, message: 'Each image must be at most 5 MB' },
  FEEDBACK_NOT_FOUND: { status: 404, message: 'No such feedback' },
  FEEDBACK_ALREADY_ANSWERED: { status: 409, message: 'This feedback has already been answered' },
  // campaigns (docs/campaigns.md)
  CAMPAIGN_NOT_FOUND: { status: 404, message: 'No such campaign or segment' },
  CAMPAIGN_SEGMENT_NAME_TAKEN: { status: 409, message: 'A segment with this name already exists: choose another name' },
  CAMPAIGN_TEMPLATE_INVALID: {
    status: 400,
    message:
      'The template uses an unknown placeholder or a language the brand does not offer, or lacks the fallback text or an SMS text',
  },
  CAMPAIGN_REACH_UNCONFIRMED: {
    status: 409,
    message: 'Confirm the reach as it is now; a segment of everyone needs the number of members typed in',
  },
  CAMPAIGN_NOT_SCHEDULED: { status: 409, message: 'Only a campaign that is still scheduled can be cancelled' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

// Field-level validation reasons carried in `value.fields` of a VALIDATION_FAILED envelope.
export const fieldErrorReasons = [
  'REQUIRED',
  'TOO_SHORT',
  'TOO_LONG',
  'PATTERN',
  'MISMATCH',
  'NOT_ALLOWED',
  'INVALID',
] as const;
export type FieldErrorReason = (typeof fieldErrorReasons)[number];

// The vendor wallet API answers { status, balance, currency, requestId } instead of the
// envelope: `status` is one of these, `http` the HTTP status it goes out with. Vendors act on the
// status: retry on ERROR_INTERNAL and ERROR_SERVICE_UNAVAILABLE, stop on the others (a repeat of a settled call returns OK again).
export const vendorStatusCatalogue = {
  OK: { http: 200, message: 'Done (or a repeat of a call that was done: the first answer)' },
  ERROR_BAD_REQUEST: { http: 400, message: 'The body is not JSON or misses or misformats a field' },
  ERROR_INVALID_SIGNATURE: { http: 401, message: 'X-Signature is missing or is not HMAC-SHA256 of the raw body' },
  ERROR_UNKNOWN_VENDOR: { http: 401, message: 'No integration for this vendor code' },
  ERROR_IP_NOT_ALLOWED: { http: 403, message: 'The calling IP is not on the integration allow list' },
  ERROR_VENDOR_DISABLED: { http: 403, message: 'The integration is switched off' },
  ERROR_TRANSFER_WALLET: {
    http: 409,
    message: 'This vendor works in transfer-wallet mode: it keeps its own balance (GCS_walletTransfer)',
  },
  ERROR_INVALID_TOKEN: { http: 401, message: 'The game token is unknown, expired, or of another player or vendor' },
  ERROR_TRIAL_SESSION: { http: 403, message: 'A free-trial session never reaches the wallet' },
  ERROR_PLAYER_NOT_FOUND: { http: 404, message: 'No such player' },
  ERROR_PLAYER_DISABLED: { http: 403, message: 'The player is disabled' },
  ERROR_CURRENCY_MISMATCH: { http: 400, message: 'The currency is not the integration currency' },
  ERROR_GAME_NOT_FOUND: { http: 404, message: 'No such game for this vendor' },
  ERROR_INSUFFICIENT_FUNDS: { http: 422, message: 'Insufficient balance; nothing changed' },
  ERROR_DUPLICATE_TRANSACTION: { http: 409, message: 'This transactionId was used with other details' },
  ERROR_TRANSACTION_NOT_FOUND: { http: 404, message: 'No such round or bet for this player' },
  ERROR_TRANSACTION_ROLLED_BACK: { http: 409, message: 'The bet (or its round) was rolled back' },
  ERROR_ROUND_CLOSED: { http: 409, message: 'The round is closed' },
  ERROR_BET_ALREADY_SETTLED: { http: 409, message: 'A win already settled this round: the bet cannot be rolled back' },
  ERROR_ROUND_NOT_SETTLED: {
    http: 409,
    message: 'No win has settled this round yet: settle it with a win; a correction is for a settled round',
  },
  ERROR_CORRECTION_EXCEEDS_PAID: {
    http: 409,
    message: 'The debit is larger than what the round paid the player (its wins and corrections so far)',
  },
  ERROR_INVALID_VALID_BET: {
    http: 409,
    message:
      "validBet must be at most the round's bets and at least its bets less what its wins return; nothing changed",
  },
  ERROR_PLAYER_LIMIT: {
    http: 403,
    message: "The bet would go over the player's wager or loss limit, or the session time is up; do not retry it",
  },
  ERROR_PLAYER_EXCLUDED: {
    http: 403,
    message: 'The player is on a time-out or self-exclusion: no bets until it ends; close the game',
  },
  ERROR_BONUS_MAX_BET: {
    http: 403,
    message: 'The bet is above the maximum bet of the bonus the player is wagering; a smaller bet is accepted',
  },
  ERROR_INTERNAL: { http: 500, message: 'Temporary failure; retry with the same transactionId' },
  ERROR_SERVICE_UNAVAILABLE: {
    http: 503,
    message: "The platform's database is briefly unavailable: nothing was kept; retry with the same transactionId",
  },
} as const satisfies Record<string, { http: number; message: string }>;

export type VendorStatus = keyof typeof vendorStatusCatalogue;
