// The bridge protocol as JSDoc types (docs/protocol.md is the prose version).
//
// Nothing here runs: the module only exports types, so tsc (tsconfig.json) checks every other
// module's use of the engine's JSON against them. Import a type where it is needed:
//
//   /** @typedef {import("./protocol.js").View} View */
//   /** @param {View} view */
//   function draw(view) { ... }
//
// The engine is the only source of these values; the page formats them and never derives them.
// Keep this file in step with docs/protocol.md when a field is added or renamed.

// ------------------------------------------------------------------------------ basic values

/** A seat number: 0 for the first player, who deals the first hand. @typedef {number} Seat */

/**
 * A card face up for everyone, rank then suit: "QH", "TS" (ten of spades), "2C". A face-down
 * card never has a name anywhere in the protocol.
 * @typedef {string} CardName
 */

/** A suit letter. @typedef {"S" | "H" | "D" | "C"} Suit */

/**
 * Where the match stands, stated by the engine: `playing` (a hand under way, or the first
 * deal), `hand_over` (a hand has just ended: `last_hand` is its result and the dealer's `deal`
 * starts the next), `match_over`.
 * @typedef {"playing" | "hand_over" | "match_over"} Stage
 */

/**
 * The phase of the match, which says what kind of decision `to_act` faces.
 * `deal` is also the pause between hands (`stage` is then "hand_over").
 * @typedef {"deal" | "sale" | "firm" | "auction" | "auction_confirm" | "negotiation" | "market"
 *   | "reveal" | "match_over"} Phase
 */

/** How a card on sale is being sold. @typedef {"firm" | "auction" | "negotiation"} SaleMethod */

/** Inclusive bounds. @typedef {{min: number, max: number}} Bounds */

/** An exact chance: a fraction string ("3305963/7669695", "0", "1") and its float. @typedef {{p: string, f: number}} Chance */

// ------------------------------------------------------------------------- actions, templates

/**
 * @typedef {"deal" | "reveal" | "keep" | "sell_firm" | "sell_negotiate" | "sell_auction" | "accept"
 *   | "decline" | "counter" | "bid" | "pass" | "offer"} ActionType
 */

/**
 * One decision of one seat, as `act` takes it. `price` for priced types; `target` is the buyer
 * for `sell_negotiate` and the owner for `offer`; `card` is the position in the owner's stack
 * (0 = top) for `offer`.
 * @typedef {object} Action
 * @property {Seat} seat
 * @property {ActionType} type
 * @property {number} [price]
 * @property {Seat} [target]
 * @property {number} [card]
 */

/**
 * A template without fields: the action is exactly `{seat, type}`.
 * @typedef {object} PlainTemplate
 * @property {"deal" | "reveal" | "keep" | "decline" | "pass"} type
 * @property {Seat} seat
 * @property {number} [fair] on `decline`: the fair value in chips of the card refused
 */

/**
 * `accept`: agree to the price on the table. `settles_at` is the number of chips the trade is
 * made at if accepted (the firm price, the standing ask or bid of a haggle, the top bid in
 * `auction_confirm`), so the page never works it out.
 * @typedef {object} AcceptTemplate
 * @property {"accept"} type
 * @property {Seat} seat
 * @property {number} settles_at
 * @property {number} [fair] the fair value in chips of the card the trade is about
 */

/**
 * A template that needs a price within `price` (inclusive). `fair`, when sent, is the fair value
 * in chips of the card concerned for the acting seat at that moment (rounded).
 * @typedef {object} PricedTemplate
 * @property {"sell_firm" | "sell_auction" | "counter" | "bid"} type
 * @property {Seat} seat
 * @property {Bounds} price
 * @property {number} [fair]
 */

/**
 * `sell_negotiate`: open a haggle with one of `targets`, asking a price within `price`.
 * @typedef {object} NegotiateTemplate
 * @property {"sell_negotiate"} type
 * @property {Seat} seat
 * @property {Bounds} price
 * @property {Seat[]} targets
 * @property {number} [fair]
 */

/**
 * `offer`: in a market window, offer a price within `price` for one of `cards`, each an
 * `[owner, position]` pair (position 0 = the top of the owner's stack).
 * @typedef {object} OfferTemplate
 * @property {"offer"} type
 * @property {Seat} seat
 * @property {Bounds} price
 * @property {Array<[Seat, number]>} cards
 * @property {number} [fair]
 */

/**
 * A family of legal actions; anything built from a template within its bounds is legal (the
 * engine checks an action against these same templates). Switch on `type` to narrow it.
 * @typedef {PlainTemplate | AcceptTemplate | PricedTemplate | NegotiateTemplate | OfferTemplate} Template
 */

// ---------------------------------------------------------------------------------- the view

/**
 * One player at the table. `stack` counts the face-down cards (never named); `revealed` are the
 * face-up cards in front of the seat.
 * @typedef {object} SeatView
 * @property {Seat} seat
 * @property {string} name
 * @property {"human" | "bot"} kind
 * @property {string} [bot] the bot's id from `hello`'s `bots`, for a bot
 * @property {string} [bot_name] the bot's name in `hello`'s `bots` ("Mary Crawford (expert)"),
 *   sent when it differs from the seat's `name`
 * @property {number} chips
 * @property {number} stack
 * @property {CardName[]} revealed
 * @property {boolean} busted
 * @property {boolean} dealer
 */

/**
 * The best trump face up and who holds it (`holder` null: the pool holds the upcard).
 * @typedef {{card: CardName, holder: Seat | null}} Best
 */

/**
 * `sale`: the owner of the upcard or of a new best trump decides to keep or sell it
 * (`method` is null until a way of selling is chosen).
 * @typedef {object} SalePending
 * @property {CardName} card
 * @property {Seat} seller
 * @property {SaleMethod | null} method
 */

/**
 * `firm`: the card is offered at `price`; `asking` is the seat being asked, `queue` those still
 * to be asked after it.
 * @typedef {SalePending & {price: number, asking: Seat, queue: Seat[]}} FirmPending
 */

/**
 * `auction` and `auction_confirm`: `reserve` is the lowest price the seller takes; `high_bid`
 * and `high_bidder` are null before the first bid; `bidders` are the seats still in.
 * @typedef {SalePending & {reserve: number, high_bid: number | null, high_bidder: Seat | null,
 *   bidders: Seat[]}} AuctionPending
 */

/**
 * `negotiation`: a haggle between `seller` and `buyer`, over the card on sale (`context`
 * "sale", with `card`) or over one of the seller's face-down cards (`context` "market", with
 * `position`). `ask` and `bid` are the standing prices (null until made), `asks` and `bids`
 * how many of each were made, `rounds` the most each side may make, `asks_left` / `bids_left`
 * how many more each side may make, `offers` every price named so far in order, `to_move`
 * whose answer it is.
 * @typedef {object} NegotiationPending
 * @property {"sale" | "market"} context
 * @property {Seat} seller
 * @property {Seat} buyer
 * @property {number | null} ask
 * @property {number | null} bid
 * @property {number} asks
 * @property {number} bids
 * @property {number} rounds
 * @property {number} asks_left
 * @property {number} bids_left
 * @property {{seat: Seat, side: "ask" | "bid", price: number}[]} offers
 * @property {Seat} to_move
 * @property {CardName} [card]
 * @property {number} [position]
 */

/**
 * `market`: a window for face-down purchases. `polling` is the seat asked now, `order` the
 * order of asking, `offers_made` how many offers each seat (a string key) opened in this window.
 * @typedef {object} MarketPending
 * @property {Seat | null} polling
 * @property {Seat[]} order
 * @property {Record<string, number>} offers_made
 * @property {number} offers_per_window
 */

/**
 * The public details of the decision under way, per phase (null in `deal`, `reveal` and
 * `match_over`). `view.pending` is one of these; use the phase to pick which.
 * @typedef {object} PendingByPhase
 * @property {SalePending} sale
 * @property {FirmPending} firm
 * @property {AuctionPending} auction
 * @property {AuctionPending} auction_confirm
 * @property {NegotiationPending} negotiation
 * @property {MarketPending} market
 * @property {null} deal
 * @property {null} reveal
 * @property {null} match_over
 */

/** @typedef {SalePending | FirmPending | AuctionPending | NegotiationPending | MarketPending} Pending */

/**
 * The context of the viewer's own decision, stated by the engine (`view.decision`; null when
 * it is not the viewer's turn), so the page never works out the stake or the role.
 * `role`: "seller" (the owner of the stake, deciding whether or how to part with it: the
 * choice to keep or sell, the top bid to confirm, the owner's side of a haggle), "buyer" (a
 * firm price, an auction bid, the buyer's side of a haggle, a market window), or
 * "dealer"/"revealer" for the deal and a reveal, where nothing is at stake (`stake`,
 * `chance` and `fair` are then null).
 * `stake`: "trump" (the best trump showing, `card`, owned by `owner`) or "card" (one
 * face-down card: in a haggle `owner`'s card at `position`, 0 = top; in a market window any
 * other player's, so `owner` is null). `chance`: its exact chance of taking the pot; `fair`:
 * chance × (the pot + `deal`) in chips, exact (the templates' `fair` is this, rounded), where
 * `deal` is what dealing the next hand adds to taking the pot (0 on a match's last hand).
 * `answering` and `price`: the seat whose price this decision answers and that price (the
 * firm price, the top bid so far, the other side's last price in a haggle); null when it
 * answers none. `above`: unseen trumps ranked above the best trump showing. `buyers`: in the
 * choice to keep or sell (`phase` "sale"), the seats that may buy, in the order they are
 * asked; empty otherwise.
 * @typedef {object} Decision
 * @property {Seat} seat the viewer, whose decision it is (`to_act`)
 * @property {"seller" | "buyer" | "dealer" | "revealer"} role
 * @property {"trump" | "card" | null} stake
 * @property {Chance | null} chance
 * @property {Chance | null} fair
 * @property {Chance | null} deal
 * @property {CardName | null} card
 * @property {Seat | null} owner
 * @property {number | null} position
 * @property {Seat | null} answering
 * @property {number | null} price
 * @property {number} above
 * @property {Seat[]} buyers
 */

/**
 * What the seat to act is asked now, as the whole table sees it (`Observation.turn`): the
 * page paces the computer players and opens its panels by this, never by `phase`. `kind`: deal,
 * turn up a card, keep or sell the best trump ("sale"), buy it at a firm price, bid in an
 * auction, sell to the top bid ("confirm"), haggle, or make an offer for a face-down card
 * ("market"). `parties`: the seats in the trade under way (a firm sale's seller and the seat
 * asked, an auction's seller and bidders still in, a haggle's seller and buyer; else the seat to
 * act). `bidders`: an auction's bidders still in (else empty). `facedown`: a face-down card is
 * at stake.
 * @typedef {object} Turn
 * @property {Seat} seat
 * @property {"deal" | "reveal" | "sale" | "firm" | "auction" | "confirm" | "haggle" | "market"} kind
 * @property {Seat[]} parties
 * @property {Seat[]} bidders
 * @property {boolean} facedown
 */

/**
 * What one seat may order for a face-down card now (a standing order, sent as an `offer` at
 * the next market window that asks it): the `owners` whose face-down cards it may name (in
 * seat order) and the `price` bounds of the offer (null, with no owners, for a seat without
 * chips). `view.orders` lists one per seat still in, or is null when no order can be placed
 * (between hands, face-down buying off, no face-down card in play).
 * @typedef {object} OrderSpec
 * @property {Seat} buyer
 * @property {Seat[]} owners
 * @property {Bounds | null} price
 */

/**
 * The exact odds: each seat's chance of taking the pot, each face-down card's, the pot carrying
 * over, and the face-up best trump's own.
 * @typedef {object} Odds
 * @property {Array<Chance & {seat: Seat}>} seats
 * @property {Chance} per_card
 * @property {Chance} carry_over
 * @property {Chance} best
 */

/**
 * The decision under way in words, written by the engine: `text` in the third person with
 * names, `you` addressed to the actor. `seat` is `to_act`.
 * @typedef {object} Prompt
 * @property {Seat | null} seat
 * @property {string} text e.g. "Mary Crawford decides whether to keep or sell the 9 of hearts."
 * @property {string} you e.g. "Keep or sell the 9 of hearts?"
 */

/**
 * Why a hand ended.
 * @typedef {"ace_upcard" | "ace_revealed" | "last_card" | "pool" | "dead_hand" | "no_trump"} HandReason
 */

/**
 * A hand's outcome as the engine states it: `winners` is empty when the pot carries over;
 * `card` decided it (face up for everyone by then) or is null; `ace` is that card when it is
 * the ace of trumps, which ended the hand as it was turned up (else null); `text` is the
 * finished sentence.
 * @typedef {object} HandOutcome
 * @property {Seat[]} winners
 * @property {HandReason} reason
 * @property {CardName | null} card
 * @property {CardName | null} ace
 * @property {number} pot
 * @property {string} text
 */

/**
 * A finished hand. `winner` is null when the pot carried over; `cards` are every seat's cards,
 * all shown at the end; `change` is chips_after − chips_before per seat.
 * @typedef {object} HandResult
 * @property {number} number
 * @property {Seat} dealer
 * @property {Seat | null} winner
 * @property {CardName | null} card
 * @property {number} pot
 * @property {HandReason} reason
 * @property {CardName[][]} cards
 * @property {CardName[]} dead_hand
 * @property {number[]} chips_before
 * @property {number[]} chips_after
 * @property {number[]} change
 * @property {HandOutcome} outcome
 * @property {CardName | null} [upcard] the hand's upcard (in a view; a save's form has none)
 * @property {Seat | null} [upcard_owner] the seat that owned it at the end, null: the pool's
 */

/** @typedef {{seat: Seat, name: string, chips: number, rank: number}} Standing */

/**
 * How the match ended: `winners` are the seats with the most chips, `standings` every seat by
 * rank (equal chips, equal rank), `hands` the number of hands played.
 * @typedef {object} MatchOutcome
 * @property {Seat[]} winners
 * @property {Standing[]} standings
 * @property {"hands_played" | "one_player_left"} reason
 * @property {number} hands
 * @property {string} text
 * @property {string} standings_text every seat's chips in one sentence, most first
 */

/** One option's value. @typedef {number | boolean | string | string[]} RuleValue */
/** Every rule option by name (see `hello`'s `options`). @typedef {Record<string, RuleValue>} Rules */

/**
 * What one seat (or a spectator, `seat` null) may know. `legal` holds that seat's templates
 * and `decision` the context of its decision when it is its turn (else they are empty and
 * null). `stage` says whether a hand is under way, has just ended or the match is over.
 * @typedef {object} View
 * @property {Seat | null} seat
 * @property {Stage} stage
 * @property {Phase} phase
 * @property {Seat | null} to_act
 * @property {number} hand
 * @property {{label: string, value: string}} hand_line the heading of the hand above the table:
 *   "Hand" and "2 of 5" ("2" in a match without a set number of hands), or "Daily deal · hand"
 * @property {Seat} dealer
 * @property {number} pot
 * @property {Suit | null} trump
 * @property {CardName | null} upcard
 * @property {Seat | null} upcard_owner
 * @property {Best | null} best
 * @property {SeatView[]} seats
 * @property {number | null} dead_hand the dead hand's face-down count (null without that option)
 * @property {number} unseen
 * @property {CardName[]} seen
 * @property {Pending | null} pending
 * @property {Template[]} legal
 * @property {Decision | null} decision the context of the viewer's own decision
 * @property {Turn | null} turn what the seat to act is asked now, as everyone sees it
 * @property {OrderSpec[] | null} orders what each seat may order for a face-down card now
 * @property {Odds} odds
 * @property {number | null} [facedown_fair] one face-down card's fair value in chips (null when
 *   none is in play)
 * @property {Chance | null} [facedown_worth] the same fair value exactly (worded by text.js fairChips)
 * @property {HandResult | null} last_hand
 * @property {HandResult[]} hands
 * @property {Rules} rules
 * @property {boolean} match_over
 * @property {true} [practice] only in a practice match (new_match's `practice`: the guided
 *   first hand), which the statistics never count
 * @property {TakeBackOffer} [take_back] only in the view of a lone person playing computer
 *   players: whether `take_back` is offered now
 * @property {Prompt | null} prompt null when the match is over
 * @property {MatchOutcome | null} match_outcome null until the match is over
 */

// ----------------------------------------------------------------------------- events, log

/**
 * @typedef {"ante" | "bust" | "deal" | "upcard" | "penalty" | "sale_offered" | "declined" | "skipped"
 *   | "bid" | "passed" | "offer" | "counter" | "broke_off" | "sold" | "kept" | "bought_facedown"
 *   | "reveal" | "new_best" | "shown" | "hand_won" | "carry_over" | "reshuffle" | "match_over"} EventType
 */

/**
 * One entry of the engine's public log; `act` and `bot` return the entries they added (the
 * same shape). `card`/`cards` are present only for cards face up for everyone; `fair` is the
 * fair value in chips of the card concerned at that moment; `phase` the phase it happened in.
 * @typedef {object} LogEntry
 * @property {number} [index] position in the match's log
 * @property {number} [step] the index of the action that caused it (in the record's `actions`)
 * @property {number} [hand]
 * @property {EventType} type
 * @property {Seat} [seat]
 * @property {Seat} [other]
 * @property {CardName} [card]
 * @property {number} [amount]
 * @property {SaleMethod} [method]
 * @property {number} [position]
 * @property {CardName[]} [cards]
 * @property {number | null} [fair] null when nothing was at stake (a deal, a reveal, a pass)
 * @property {Phase} [phase]
 * @property {string} text a finished English sentence
 */

/** An event as `act` and `bot` return it. @typedef {LogEntry} GameEvent */

// --------------------------------------------------------------------------------- hello

/**
 * One rule option, rendered generically by the set-up screen.
 * @typedef {object} OptionSpec
 * @property {string} name
 * @property {string} label
 * @property {"int" | "bool" | "choice" | "set"} type
 * @property {RuleValue} default
 * @property {string[]} [choices]
 * @property {number} [min]
 * @property {number} [max]
 * @property {string} source
 * @property {string} help
 */

/** @typedef {{id: string, name: string, description: string, rules: Rules}} PresetSpec */

/**
 * @typedef {object} BotSpec
 * @property {string} id e.g. "expert/bold"
 * @property {string} name
 * @property {string} level
 * @property {number} level_rank
 * @property {string} level_name
 * @property {string} personality
 * @property {string} personality_name
 * @property {string} description
 * @property {boolean} baseline
 */

/**
 * Limits the engine enforces, so the page never hard-codes them (chip and ante bounds are in
 * each option's `min`/`max`).
 * @typedef {object} Limits
 * @property {Bounds} players
 * @property {Bounds} seed
 * @property {{max_length: number}} name
 */

// ---------------------------------------------------------------------------- coach, record

/**
 * The coach's advice for a seat (docs/ai-strength.md).
 * @typedef {object} Advice
 * @property {Seat} seat
 * @property {string} stake
 * @property {number} fair_value
 * @property {[number, number]} range
 * @property {number} chance
 * @property {number} equity
 * @property {string} why
 * @property {Action | null} action
 * @property {string | null} reason
 * @property {string} suggestion
 * @property {string} summary the fair value and range in words, then the suggestion
 */

/** @typedef {{name: string, kind?: "human" | "bot", bot?: string}} PlayerSpec */

/**
 * A game record (docs/record-format.md).
 * @typedef {object} GameRecord
 * @property {"speculation-record"} [format]
 * @property {number} [version]
 * @property {string[]} players
 * @property {string} [preset]
 * @property {Rules} [rules]
 * @property {number} [seed] absent from the `record` op's answer until the match is over
 * @property {CardName[][]} [decks] likewise
 * @property {string} [salt] the match's commitment salt (32 lowercase hex digits); likewise
 * @property {Action[]} [actions]
 * @property {PlayerSpec[]} [seats]
 * @property {Record<string, unknown>} [meta]
 * @property {string[]} [withheld] while the match is played: ["seed", "decks"] (not replayable)
 */

/**
 * `new_match`'s settings.
 * @typedef {object} Settings
 * @property {PlayerSpec[]} players
 * @property {string} [preset]
 * @property {Rules} [rules]
 * @property {number} [seed]
 * @property {CardName[][]} [decks]
 * @property {Record<string, unknown>} [meta]
 * @property {boolean} [practice] a practice match (the guided first hand): its views say so
 */

// ------------------------------------------------------------------------------ requests

/**
 * @typedef {{op: "hello"}} HelloRequest
 * @typedef {{op: "new_match", settings: Settings, seat?: Seat | null}} NewMatchRequest
 * @typedef {{op: "view", seat?: Seat | null}} ViewRequest
 * @typedef {{op: "legal", seat: Seat}} LegalRequest
 * @typedef {{op: "act", action: Action, viewer?: Seat | null}} ActRequest
 * @typedef {{op: "bot", seat: Seat, viewer?: Seat | null, apply?: boolean | "if_pass", stand_in?: string}} BotRequest
 * @typedef {{op: "coach", seat: Seat}} CoachRequest
 * @typedef {{op: "save"}} SaveRequest
 * @typedef {{op: "load", snapshot: string, seat?: Seat | null, replace_unknown_bots?: boolean}} LoadRequest
 * @typedef {{op: "record"}} RecordRequest
 * @typedef {{op: "replay", record: GameRecord, upto?: number, seat?: Seat | null, install?: boolean, replace_unknown_bots?: boolean}
 *   | {op: "replay", current: true, upto?: number, seat?: Seat | null, install?: boolean}} ReplayRequest
 * @typedef {{op: "summary"}} SummaryRequest
 * @typedef {{op: "log", since?: number}} LogRequest
 * @typedef {{op: "review", seat: Seat, hand?: number | null}} ReviewRequest
 * @typedef {{op: "analyse", seat: Seat, hand: number}} AnalyseRequest
 * @typedef {{op: "standing", seat: Seat, prefs?: StandingPrefs, order?: StandingOrder | null, named?: boolean}} StandingRequest
 * @typedef {{op: "commitment"}} CommitmentRequest
 * @typedef {{op: "verify", record: GameRecord, commitment: string, seen: SeenEntry[]}} VerifyRequest
 * @typedef {{op: "take_back", seat: Seat, prefs?: StandingPrefs}} TakeBackRequest
 * @typedef {{op: "daily", date: string, counts: boolean, name?: string}} DailyRequest
 * @typedef {{op: "daily_result"}} DailyResultRequest
 * @typedef {{op: "level", matches: {score: number, hands: number}[]}} LevelRequest
 */

/**
 * The player's rule for offers made for their face-down cards (speculation.standing.OfferRule).
 * @typedef {"ask" | "refuse_below_fair" | "accept_fair" | "refuse_all"} OfferRule
 */
/**
 * The player's standing answers, as the engine reads them (defaults: true, "refuse_below_fair").
 * @typedef {{auto_reveal?: boolean, offers?: OfferRule}} StandingPrefs
 */
/** A standing order to buy one face-down card of `owner`, offering `price` (1 or more). @typedef {{owner: Seat, price: number}} StandingOrder */
/**
 * The engine's standing answer: the action to send through `act`, the sentence to show (null
 * for the routine deal, reveal and market pass), whether the buy order was used up.
 * @typedef {{action: Action, note: string | null, used_order: boolean}} StandingAnswerValue
 */

/**
 * Any request to the bridge.
 * @typedef {HelloRequest | NewMatchRequest | ViewRequest | LegalRequest | ActRequest | BotRequest
 *   | CoachRequest | SaveRequest | LoadRequest | RecordRequest | ReplayRequest | SummaryRequest
 *   | LogRequest | ReviewRequest | AnalyseRequest | StandingRequest | CommitmentRequest | VerifyRequest
 *   | TakeBackRequest | DailyRequest | DailyResultRequest | LevelRequest} Request
 */

/** @typedef {Request["op"]} Op */

// ----------------------------------------------------------------------------- reviews

/**
 * A bot's private limits on one side of a trade (only once the match is over).
 * @typedef {{seat: Seat, buy: number, sell: number, text: string}} TradeLimit
 */

/**
 * One trade of the reviewed seat, valued against the card's fair value at that moment.
 * @typedef {object} ReviewedTrade
 * @property {number} step the index of the record's action that completed it
 * @property {number} hand
 * @property {"sold" | "bought_facedown"} type
 * @property {"buyer" | "seller"} role
 * @property {Seat} other
 * @property {CardName} [card] the card sold (not for a face-down purchase)
 * @property {SaleMethod} [method]
 * @property {number} [position] the face-down card's place in its owner's stack
 * @property {number} price
 * @property {number} fair
 * @property {number} fair_chips
 * @property {number} chance
 * @property {number} pot
 * @property {number} gain
 * @property {string} [gain_text] the gain as every screen says it ("−0.5"; text.py signed_tenths)
 * @property {string} [fair_text] the fair value then, in chips to one decimal ("1.5 chips")
 * @property {string} [chance_text] the chance then as a whole percentage ("31%")
 * @property {number} [deal] what dealing the next hand added to taking the pot then (0 on the last hand)
 * @property {string} [basis_text] what the fair value was a chance of, with the chance ("31% of
 *   the 12-chip pot and of the next deal, worth 4.9 chips")
 * @property {string} text
 * @property {string} you the same, addressed to the seat
 * @property {TradeLimit[]} [limits]
 */

/**
 * @typedef {object} Review
 * @property {Seat} seat
 * @property {number | null} hand
 * @property {boolean} match_over
 * @property {number[]} finished the hands played to their end (each one `analyse` takes)
 * @property {boolean} limits_shown
 * @property {number} score the trading score
 * @property {string} [score_text] the score as every screen says it ("−0.5", "+1.2", "0")
 * @property {number | null} best the `step` of the best trade
 * @property {number | null} worst
 * @property {{hand: number, trades: number, score: number, score_text?: string}[]} hands
 * @property {ReviewedTrade[]} trades
 * @property {string} text
 * @property {string} you
 */

/**
 * One decision of the analysed seat beside the expert's (speculation.analysis). The values are
 * present when the two choices differ and were played out.
 * @typedef {object} JudgedDecision
 * @property {number} step the index of the record's action (the decision)
 * @property {number} hand
 * @property {Action} yours
 * @property {Action} expert
 * @property {boolean} same
 * @property {"expert" | "good" | "slip" | "blunder" | "unvalued"} grade
 * @property {number} cost what the seat's choice cost against the expert's (negative: it did better)
 * @property {string} cost_text
 * @property {string} yours_text the seat's choice in a few words ("bid 4 chips")
 * @property {string} expert_text
 * @property {number} [yours_value] the seat's choice played out: its mean trading score
 * @property {number} [expert_value]
 * @property {string} reason the expert's reason, in its words
 * @property {string} text
 * @property {string} you the same, addressed to the seat
 */

/**
 * `analyse`'s answer: a finished hand's decisions of one seat (docs/protocol.md, "Decisions
 * beside the expert's"), whole once `done`.
 * @typedef {object} Analysis
 * @property {Seat} seat
 * @property {number} hand
 * @property {boolean} done false: only the first decisions are judged yet (ask again for more)
 * @property {number} progress how much of the hand has been gone through, 0 to 1
 * @property {JudgedDecision[]} decisions
 * @property {number} slips
 * @property {number} blunders
 * @property {number} same decisions that were the expert's own
 * @property {number} cost chips lost against the expert's choices, played out
 * @property {string} cost_text
 * @property {{slip: number, blunder: number}} thresholds the costs in chips that make a slip and a blunder
 * @property {number} samples play-outs made
 * @property {number} nodes actions played in them (the budget is counted in these)
 * @property {string} text
 * @property {string} you
 */

// ----------------------------------------------------------------------------- responses

/**
 * (`bot` sends `events` and `view` when it moved: unless the request said `apply: false`, or `"if_pass"` and the decision is no pass.)
 * @typedef {{version: string, protocol: number, presets: PresetSpec[], options: OptionSpec[],
 *   bots: BotSpec[], has_match: boolean, limits: Limits}} HelloAnswer
 * @typedef {{view: View}} ViewAnswer
 * @typedef {{legal: Template[]}} LegalAnswer
 * @typedef {{events: GameEvent[], view: View}} ActAnswer
 * @typedef {{action: Action, reason: string, events?: GameEvent[], view?: View}} BotAnswer
 * @typedef {{advice: Advice}} CoachAnswer
 * @typedef {{snapshot: string, summary: {players: string[], hand: number, over: boolean}}} SaveAnswer
 *   summary: what a list of saved matches shows of it, as the engine has the match now
 * @typedef {{record: GameRecord}} RecordAnswer
 * @typedef {{view: View, steps: number, last_action: Action | null}} ReplayAnswer
 * @typedef {{summary: Record<string, unknown>}} SummaryAnswer
 * @typedef {{entries: LogEntry[], next: number}} LogAnswer
 * @typedef {{review: Review}} ReviewAnswer (docs/protocol.md, "Reviews")
 * @typedef {{answer: StandingAnswerValue | null}} StandingAnswer
 * @typedef {{commitment: string, scheme: "sha256:seed:salt:decks/v1"}} CommitmentAnswer
 */

/**
 * A log entry as a guest received it, for `verify`: `index` and `text` at least; the other
 * log fields it carries are compared too, any other key is ignored.
 * @typedef {{index: number, text: string} & Partial<LogEntry> & Record<string, unknown>} SeenEntry
 */

/**
 * Where a guest's log first differs from the replay of the record: `field` is the log field
 * that differs, or "entry" when the replay has no entry at `index` (then `expected` is null).
 * @typedef {object} LogDifference
 * @property {number} index
 * @property {string} field
 * @property {unknown} expected the replay's value
 * @property {unknown} seen the guest's value
 */

/**
 * `verify`'s audit of a finished record (docs/protocol.md, "Fair play at a shared table").
 * @typedef {object} VerifyAnswer
 * @property {boolean} commitment_ok the record's seed, decks and salt hash to the commitment
 * @property {boolean} replay_ok the record replays to the end of its match
 * @property {boolean} log_ok every seen entry equals the replay's entry of its index
 * @property {LogDifference | null} first_difference
 * @property {string | null} reason null when all three hold, else why not
 * @property {number} checked entries compared
 * @property {number} entries the replay's log length
 */

/**
 * What each op answers besides `ok` and `op`.
 * @typedef {object} AnswerByOp
 * @property {HelloAnswer} hello
 * @property {ViewAnswer} new_match
 * @property {ViewAnswer} view
 * @property {LegalAnswer} legal
 * @property {ActAnswer} act
 * @property {BotAnswer} bot
 * @property {CoachAnswer} coach
 * @property {SaveAnswer} save
 * @property {ViewAnswer} load
 * @property {RecordAnswer} record
 * @property {ReplayAnswer} replay
 * @property {SummaryAnswer} summary
 * @property {LogAnswer} log
 * @property {ReviewAnswer} review
 * @property {{analysis: Analysis}} analyse
 * @property {StandingAnswer} standing
 * @property {CommitmentAnswer} commitment
 * @property {VerifyAnswer} verify
 * @property {TakeBackAnswer} take_back
 * @property {{view: View, daily: {date: string, counts: boolean, hands: number}}} daily
 * @property {{result: DailyResultValue}} daily_result
 * @property {{level: LevelEstimate}} level
 */

/**
 * Where the player stands against the four levels (speculation.level): `level` null until
 * enough hands are played; `sure` 0–1; `rate` the trading score per hand and `se` its standard
 * error; `trend` "improving" | "steady" | "slipping" | null; `sentence` to show.
 * @typedef {{level: string | null, label: string | null, sure: number, rate: number, se: number,
 *   hands: number, trend: string | null, sentence: string}} LevelEstimate
 */

/**
 * A finished daily deal's result for seat 0: its trading score and chips won, the expert
 * computer player's on the same deals in the same seat, the line to share (no card in it).
 * @typedef {{date: string, counts: boolean, score: number, chips: number,
 *   expert: {score: number, chips: number}, share: string}} DailyResultValue
 */

/**
 * The view's `take_back`: whether the seat may take back a decision now (a decision of the
 * hand under way, while it is played), and if not the engine's reason (a sentence without its
 * capital and full stop; null when offered). `take_back` may still refuse an offered one when
 * every move of the seat in the hand was its standing answer (docs/protocol.md, "Take back").
 * @typedef {{offered: boolean, reason: string | null}} TakeBackOffer
 */

/**
 * `take_back`: the view at the moment before the seat's last decision, how many actions were
 * taken out of the record, and how many take-backs the match has had.
 * @typedef {{view: View, taken_back: number, take_backs: number}} TakeBackAnswer
 */

/**
 * Stable error codes (messages are for people and may be reworded): the values of the
 * engine's `speculation.errors.ErrorCode`, in its order (tests/test_typecheck_js.py checks the
 * two lists are the same).
 * @typedef {"bad_request" | "bad_json" | "too_large" | "too_complex" | "unknown_op" |
 *   "internal_error" | "internal" | "no_match" | "bad_seat" | "not_a_bot" | "unknown_bot" |
 *   "bad_settings" | "bad_players" | "bad_name" | "invisible_name" | "bad_seed" | "bad_deck" |
 *   "bad_card" | "unknown_preset" | "unknown_option" | "bad_option" | "bad_rules" |
 *   "incompatible_options" | "match_over" | "not_your_turn" | "wrong_action" | "bad_price" |
 *   "unexpected_price" | "bad_target" | "bad_action" | "corrupt_snapshot" |
 *   "incompatible_snapshot" | "bad_record" | "bad_version" | "bad_step" | "bad_seating" |
 *   "runaway" | "nothing_to_take_back" | "take_back_not_offered"} ErrorCode
 */

/**
 * A refused request (nothing changed). `legal` comes with illegal-action errors (the templates
 * of the seat to act); `option` names the culprit of a rules error (`seed` for `bad_seed`).
 * @typedef {object} BridgeError
 * @property {ErrorCode} code
 * @property {string} message
 * @property {Template[]} [legal]
 * @property {string} [option]
 * @property {Seat} [player] the player (seat) of `new_match`'s settings at fault
 * @property {string | null} [nearest_bot] for a bot id this version lacks: the nearest it has
 * @property {string} [bot] that bot id (a save's)
 */

/** @typedef {{ok: false, error: BridgeError}} Failure */

/**
 * The answer to a request with op `O`.
 * @template {Op} O
 * @typedef {({ok: true, op: O} & AnswerByOp[O]) | Failure} Response
 */

export {};
