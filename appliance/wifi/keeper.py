"""The keeper: hearth-wifi.service's loop, the only part of Wi-Fi setup that runs as root.

Every TICK seconds it takes a join request the page left (request.py), looks at the
box (system.py), asks the policy what to do (policy.py), does it, and writes what it
is doing for the page and the panel (status.py). A join runs a network from a runtime
file until wpa_supplicant says it has joined; only then are the settings saved (one
file, 0600, network.py's rule: what hearth-boot-files writes for hearth-wifi.txt). A
wrong password saves nothing and reopens the setup network, whose name and password
stay the same, so the phone that was on it rejoins and the page says what went wrong.

    python -m appliance.wifi          # what the unit runs
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

from appliance.files import write_private
from appliance.wifi.access_point import ADDRESS, AccessPoint
from appliance.wifi.control import Control, ControlError
from appliance.wifi.network import WPA_CONF, Network, saved_network
from appliance.wifi.policy import (
    RETRY_FIRST,
    SCAN_EVERY,
    Action,
    Situation,
    decide,
    next_retry,
)
from appliance.wifi.request import BadRequestFile, JoinRequest, take_request
from appliance.wifi.scan import Seen, shown
from appliance.wifi.status import (
    AP,
    CLIENT,
    JOINING,
    NO_RADIO,
    STARTING,
    WIRED,
    Result,
    WifiStatus,
    now_text,
    write_status,
)
from appliance.wifi.supplicant import (
    Outcome,
    count_stations,
    outcome_message,
    scan_with,
    watch_join,
)
from appliance.wifi.system import AP_UNIT, CLIENT_UNIT, TRY_UNIT, UNITS, Radio

log = logging.getLogger(__name__)

TICK = 2.0
TRIAL_SECONDS = 30.0  # wpa_supplicant scans every few seconds; a wrong key shows in ~10 s
SCAN_SECONDS = 10.0  # a full scan of 2.4 and 5 GHz takes 3-6 s
START_SECONDS = 10.0  # for a wpa_supplicant to open its control socket
AP_CONF = "ap.conf"
TRY_CONF = "try.conf"
AP_FAILED = "Hearth could not open its own Wi-Fi network for setting up."


class Keeper:
    def __init__(
        self,
        radio: Radio,
        run_dir: Path,
        root: Path = Path("/"),
        clock: Callable[[], float] = time.monotonic,
        trial_seconds: float = TRIAL_SECONDS,
    ) -> None:
        self.radio = radio
        self.run_dir = run_dir
        self.root = root
        self.clock = clock  # the policy's graces and back-off; a join is timed for real
        self.trial_seconds = trial_seconds
        self.mode = STARTING
        self.access_point: AccessPoint | None = None
        self.seen: tuple[Seen, ...] = ()
        self.scanned_at: str | None = None
        self.joining: bytes | None = None
        self.result: Result | None = None
        self.problem: str | None = None
        self.offline_since: float | None = None
        self.retry_at = 0.0
        self.retry_wait = 0.0
        self.scan_at = 0.0
        self.refused: Network | None = None  # the saved network that refused its own key
        self.back_to_ap = False  # a join under way returns to the setup network if it fails
        self._ap: Control | None = None  # the setup network's wpa_supplicant, while open
        self._published: WifiStatus | None = None

    # -- the loop -------------------------------------------------------------------

    def run(self, stop: threading.Event) -> None:
        self.clean_up()
        while not stop.is_set():
            try:
                self.tick()
            except Exception:  # one bad tick must not leave the box without a way on
                log.exception("the Wi-Fi keeper's tick failed")
            stop.wait(TICK)
        self._close_ap()

    def clean_up(self) -> None:
        """What an earlier keeper left: a trial and its file (killed mid-join), a setup
        network still open with the last keeper's password (this one makes its own)."""
        self.radio.stop(TRY_UNIT, AP_UNIT)
        with contextlib.suppress(FileNotFoundError):
            (self.run_dir / TRY_CONF).unlink()
        self.publish()

    def tick(self) -> None:
        try:
            request = take_request(self.run_dir)
        except BadRequestFile as exc:
            log.warning("a join request was refused: %s", exc)
            self.result = Result(b"", False, f"Hearth could not read that request ({exc}).")
            request = None
        if request is not None:
            if self.radio.has_radio():
                self.join(request)
            else:
                self.result = Result(
                    request.network.ssid, False, "This Hearth has no Wi-Fi.", request.id
                )
        self.act(decide(self.situation()))
        self.publish()

    def situation(self) -> Situation:
        now = self.clock()
        radio, wired = self.radio.has_radio(), self.radio.wired()
        saved = (self.root / WPA_CONF).exists()
        network = saved_network(self.root)
        # Reachable, not just associated: a join whose DHCP never answers is no way in.
        # The setup network's own address does not count (networkd may not have let go).
        joined = radio and self.mode == CLIENT and self.radio.address() not in (None, ADDRESS)
        if radio and not wired and not joined:
            self.offline_since = self.offline_since if self.offline_since is not None else now
        else:
            self.offline_since = None
        visible = None
        if network is not None and self.scanned_at is not None:
            visible = network.ssid in {s.ssid for s in self.seen}
        if self.refused is not None and self.refused != network:
            self.refused, self.problem = None, None  # new settings: try them
        return Situation(
            now=now,
            mode=self.mode,
            radio=radio,
            wired=wired,
            saved=saved,
            joined=joined,
            offline_since=self.offline_since,
            visible=visible,
            stations=self._stations(),
            key_refused=self.refused is not None,
            retry_at=self.retry_at,
            scan_at=self.scan_at,
        )

    def act(self, action: Action) -> None:
        if action is Action.NOTHING:
            return
        log.info("Wi-Fi: %s (was %s)", action.value, self.mode)
        if action is Action.STOP:
            self._close_ap()
            self.radio.stop(*UNITS)
            self.mode = WIRED if self.radio.has_radio() else NO_RADIO
        elif action is Action.CLIENT:
            self._close_ap()
            self.radio.start(CLIENT_UNIT)
            self._client()
        elif action is Action.OPEN_AP:
            self.open_ap()
        elif action is Action.RETRY_SAVED:
            self.retry_saved()
        elif action is Action.SCAN:
            self.scan_at = self.clock() + SCAN_EVERY
            if self._ap is not None and (found := scan_with(self._ap, SCAN_SECONDS)) is not None:
                self._scanned(found)

    def _client(self) -> None:
        """The saved network runs: its grace to get an address starts now."""
        self.mode = CLIENT
        self.offline_since = self.clock()

    # -- the setup network --------------------------------------------------------------

    def open_ap(self) -> None:
        if self.access_point is None:
            self.access_point = AccessPoint.for_box(self.radio.mac())
        self._close_ap()
        network = saved_network(self.root)
        country = network.country if network is not None else ""
        write_private(self.run_dir / AP_CONF, self.access_point.wpa_conf(country).encode())
        control = self.radio.control(START_SECONDS) if self.radio.start(AP_UNIT) else None
        if control is not None:
            try:
                control.attach()
                found = scan_with(control, SCAN_SECONDS)  # as a station, before it is an AP
                if found is not None:
                    self._scanned(found)
                opened = control.request("SELECT_NETWORK 0").strip() == "OK"
            except ControlError:
                opened = False
            if opened:
                self._ap = control
                self.mode = AP
                now = self.clock()
                self.scan_at = now + SCAN_EVERY
                self.retry_at = max(self.retry_at, now + RETRY_FIRST)
                if self.problem == AP_FAILED:
                    self.problem = None
                log.info("Wi-Fi: the setup network %r is open", self.access_point.ssid)
                return
            control.close()
        # The chip would not be an access point: say so, and try again after the grace.
        self.radio.stop(AP_UNIT)
        self.problem = AP_FAILED
        self.mode = STARTING
        self.offline_since = self.clock()

    def _scanned(self, found: list[Seen]) -> None:
        self.seen = tuple(found)
        self.scanned_at = now_text()

    def _stations(self) -> int:
        if self._ap is None:
            return 0
        try:
            return count_stations(self._ap)
        except ControlError:
            return 0

    def _close_ap(self) -> None:
        if self._ap is not None:
            self._ap.close()
            self._ap = None

    # -- joining ----------------------------------------------------------------------

    def join(self, request: JoinRequest) -> None:
        """Try the network the page named; save it only once it has joined."""
        network = request.network
        log.info("Wi-Fi: trying %r for the page", shown(network.ssid))
        outcome = self._trial(network, TRY_UNIT, self.run_dir / TRY_CONF)
        with contextlib.suppress(FileNotFoundError):
            (self.run_dir / TRY_CONF).unlink()
        joined = outcome is Outcome.JOINED
        message = outcome_message(outcome, network.ssid)
        self.result = Result(network.ssid, joined, message, request.id)
        if outcome is Outcome.JOINED:
            network.save(self.root)
            self.radio.start(CLIENT_UNIT)  # from the saved file now; the trial unit stops
            self._client()
            self.refused, self.problem, self.retry_wait = None, None, 0.0
            return
        self.radio.stop(TRY_UNIT)
        if self.back_to_ap:
            self.open_ap()
        else:
            self.mode = STARTING  # the policy puts back what was running

    def retry_saved(self) -> None:
        """Leave the setup network for one try at the saved network."""
        network = saved_network(self.root)
        ssid = network.ssid if network is not None else b""
        outcome = self._trial(network, CLIENT_UNIT, None)
        if outcome is Outcome.JOINED:
            self._client()
            self.retry_wait = 0.0
            self.result = Result(ssid, True, outcome_message(outcome, ssid))
            return
        if outcome is Outcome.WRONG_KEY and network is not None:
            self.refused = network
            self.problem = f"'{shown(ssid)}' no longer accepts the saved password: choose it again."
        self.retry_at, self.retry_wait = next_retry(self.clock(), self.retry_wait)
        self.open_ap()

    def _trial(self, network: Network | None, unit: str, conf: Path | None) -> Outcome:
        self.back_to_ap = self.mode in (AP, JOINING)
        self._close_ap()
        self.mode = JOINING
        self.joining = network.ssid if network is not None else None
        self.publish()
        try:
            if conf is not None and network is not None:
                write_private(conf, network.wpa_conf().encode("ascii"))
            started = self.radio.start(unit)  # the unit it conflicts with stops first
            control = self.radio.control(START_SECONDS) if started else None
            if control is None:
                return Outcome.NO_ANSWER
            with control:
                return watch_join(control, self.trial_seconds)
        finally:
            self.joining = None

    # -- what the page and the panel read ------------------------------------------------

    def status(self) -> WifiStatus:
        network = saved_network(self.root)
        showing_ap = self.mode == AP or (self.mode == JOINING and self.back_to_ap)
        return WifiStatus(
            mode=self.mode,
            access_point=self.access_point if showing_ap else None,
            networks=self.seen,
            scanned_at=self.scanned_at,
            joining=self.joining,
            saved=network.ssid if network is not None else None,
            address=self.radio.address() if self.mode == CLIENT else None,
            result=self.result,
            problem=self.problem,
        )

    def publish(self) -> None:
        status = self.status()
        if status != self._published:
            write_status(status, self.run_dir)
            self._published = status
