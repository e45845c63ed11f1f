// The friends' table for the site, loaded when first needed: hosting friends on their own
// devices (net/hosting.js, with its connections, codes and guard) and its lobby (net/lobby.js)
// are about a sixth of the page's code, and most visits never open a friends' table. They load
// by a dynamic import when the player opens one or resumes a save that was one; until then the
// site sees no friends (no roster to save, nothing to stop). Issue 26's blocking time: every
// module the page loads costs main-thread time while it starts.
//
//   const friends = createFriends({ make: ({ createHosting, createLobby }) => ... });
//   friends.roster();                    // null until a friends' table exists
//   const here = await friends.restore(saved.ui);   // loads only if the save names friends
//   const { hosting, lobby } = await friends.load();

/**
 * @typedef {object} FriendsModules
 * @property {typeof import("../net/hosting.js").createHosting} createHosting
 * @property {typeof import("./friends/lobby.js").createLobby} createLobby
 * @property {typeof import("./friends/talk-box.js").createTalkBox} createTalkBox
 */
/**
 * @typedef {object} FriendsParts
 * @property {ReturnType<typeof import("../net/hosting.js").createHosting>} hosting
 * @property {ReturnType<typeof import("./friends/lobby.js").createLobby>} lobby
 */

/**
 * @param {object} parts
 * @param {(modules: FriendsModules) => FriendsParts} parts.make the hosting and its lobby, made
 *   (and wired) once their modules are here
 */
export function createFriends({ make }) {
  /** @type {FriendsParts | null} */
  let made = null;
  /** @type {Promise<FriendsParts> | null} */
  let loading = null;

  /** The hosting and its lobby, loaded and made on the first call. */
  function load() {
    loading ??= Promise.all([import("../net/hosting.js"), import("./friends/lobby.js"), import("./friends/talk-box.js")])
      .then(([h, l, t]) => { made = make({ createHosting: h.createHosting, createLobby: l.createLobby, createTalkBox: t.createTalkBox }); return made; })
      .catch((/** @type {unknown} */ err) => { loading = null; throw err; }); // a failed load may be tried again
    return loading;
  }

  /**
   * A save's page part hosts its friends again (hosting.restore): the seats played here, or
   * null when the save is not a friends' table's (nothing is loaded for it).
   * @param {unknown} ui
   * @returns {Promise<number[] | null>}
   */
  async function restore(ui) {
    const named = !!ui && typeof ui === "object" && "friends" in ui && !!(/** @type {{friends: unknown}} */ (ui)).friends;
    if (!named && !made) return null;
    return (await load()).hosting.restore(ui);
  }

  return {
    load,
    restore,
    /** The parts if they are made (null: no friends' table has been opened here). */
    now: () => made,
    /** The friends' roster for the save (null: none). */
    roster: () => made?.hosting.roster() ?? null,
    /** Stop hosting, if this tab hosts. @param {{quietly?: boolean}} [how] */
    stop: (how) => { made?.hosting.stop(how); },
  };
}

/** @typedef {ReturnType<typeof createFriends>} Friends */
