package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

/** The diagnostic pty proxy ({@code --proxy pty}): what it emulates, continues and denies. */
@RequiresRoot
class PtyProxyE2ETest {

    private static Sluice.Result pty(String... guestArgs) {
        return Sluice.run("run", "--proxy", "pty", "--stats", "--", Sluice.guest(guestArgs));
    }

    /** Stderr lines that are the proxy's WARN for a denied {@code request} (e.g. 0x80045439). */
    static List<String> warnLines(Sluice.Result r, String request) {
        return r.stderrLines().stream()
                .filter(l -> l.contains("WARN") && l.contains("denied ioctl " + request))
                .toList();
    }

    @Test
    @Timeout(60)
    void ptnIsEmulated() {
        Sluice.Result r = pty("ptn");
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        assertTrue(r.value("ptn").matches("\\d+"), "TIOCGPTN must return a pts number\n" + r);
        assertTrue(
                r.stats().calls("TIOCGPTN", "EMULATE") >= 1,
                "stats must count TIOCGPTN as EMULATE\n" + r);
    }

    @Test
    @Timeout(60)
    void unlockAndRelock() {
        Sluice.Result r = pty("unlock");
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        assertEquals("ok", r.value("unlock"), "after TIOCSPTLCK(0) the pts must open\n" + r);
        assertEquals(
                "ok",
                r.value("relock"),
                "after TIOCSPTLCK(1) opening the pts must fail with EIO\n" + r);
        assertTrue(
                r.stats().calls("TIOCSPTLCK", "EMULATE") >= 2,
                "stats must count both TIOCSPTLCK as EMULATE\n" + r);
    }

    @Test
    @Timeout(60)
    void peerIsEmulatedAndWorks() {
        Sluice.Result r = pty("peer");
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        assertEquals("0", r.value("peer_errno"), "TIOCGPTPEER must succeed\n" + r);
        String ptn = r.value("ptn");
        assertEquals(
                "/dev/pts/" + ptn,
                r.value("peerpath"),
                "the peer fd must be the pts of this ptmx\n" + r);
        assertEquals(
                "ok",
                r.value("echo"),
                "bytes written to the master must come out of the peer\n" + r);
        assertTrue(
                r.stats().calls("TIOCGPTPEER", "EMULATE") >= 1,
                "stats must show TIOCGPTPEER EMULATE\n" + r);
    }

    @Test
    @Timeout(60)
    void unsupportedRequestsAreDeniedWithOneWarningEach() {
        Sluice.Result r = pty("deny");
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        assertEquals(
                "ENOTTY",
                r.value("deny_errno"),
                "TIOCGPTLCK is not supported by the pty proxy: ENOTTY\n" + r);
        assertEquals(
                "ENOTTY",
                r.value("fionread_errno"),
                "FIONREAD is not supported by the pty proxy: ENOTTY\n" + r);
        for (String req : List.of("0x80045439", "0x0000541b")) {
            List<String> warns = warnLines(r, req);
            assertEquals(1, warns.size(), "exactly one WARN line for the denied " + req + "\n" + r);
            assertTrue(
                    warns.get(0).endsWith("-> ENOTTY"),
                    "the WARN line must give the errno: " + warns.get(0));
        }
        assertTrue(
                warnLines(r, "0x80045439").get(0).contains("(TIOCGPTLCK)"),
                "the WARN line must name TIOCGPTLCK\n" + r);
        assertTrue(
                warnLines(r, "0x0000541b").get(0).contains("(FIONREAD)"),
                "the WARN line must name FIONREAD\n" + r);
        assertEquals(
                1,
                r.stats().calls("TIOCGPTLCK", "DENY"),
                "stats must count TIOCGPTLCK as DENY once\n" + r);
        assertEquals(
                1,
                r.stats().calls("FIONREAD", "DENY"),
                "stats must count FIONREAD as DENY once\n" + r);
    }

    @Test
    @Timeout(60)
    void withoutTheProxyNothingIsDenied() {
        // The control: natively TIOCGPTLCK and FIONREAD work, so the ENOTTY above comes from the
        // sentry.
        Sluice.Result r = Sluice.run("run", "--", Sluice.guest("deny"));
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        assertEquals(
                "0",
                r.value("deny_errno"),
                "without --proxy pty TIOCGPTLCK must reach the kernel and succeed\n" + r);
        assertEquals(
                "0",
                r.value("fionread_errno"),
                "without --proxy pty FIONREAD must reach the kernel and succeed\n" + r);
        assertTrue(
                warnLines(r, "0x80045439").isEmpty(),
                "nothing may be denied without a proxy\n" + r);
    }

    @Test
    @Timeout(60)
    void badPointersGiveEfault() {
        Sluice.Result r = pty("badptr");
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        assertEquals(
                "EFAULT", r.value("badptr_errno"), "TIOCGPTN to address 1 must give EFAULT\n" + r);
        assertEquals(
                "EFAULT",
                r.value("badptr_in_errno"),
                "TIOCSWINSZ from NULL must give EFAULT\n" + r);
    }

    @Test
    @Timeout(60)
    void sizeMismatchGivesEinval() {
        Sluice.Result r = pty("hugesize");
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        assertEquals(
                "EINVAL",
                r.value("hugesize_errno"),
                "a TIOCGPTN number with a 16 KiB size must give EINVAL\n" + r);
    }

    @Test
    @Timeout(60)
    void unknownRequestGivesEnotty() {
        Sluice.Result r = pty("unknown");
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        assertEquals(
                "ENOTTY",
                r.value("unknown_errno"),
                "an unknown 'T' ioctl on ptmx must give ENOTTY\n" + r);
    }

    @Test
    @Timeout(60)
    void signExtendedRequestsAreTrapped() {
        Sluice.Result r = pty("signext");
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        assertEquals(
                "ENOTTY",
                r.value("signext_deny_errno"),
                "a sign-extended TIOCGPTLCK must be trapped and denied like the plain one\n" + r);
        assertEquals(
                "ok",
                r.value("signext_ptn"),
                "a sign-extended TIOCGPTN must give the same pts number\n" + r);
        assertTrue(
                r.stats().calls("TIOCGPTN", "EMULATE") >= 2,
                "both TIOCGPTN calls (plain and sign-extended) must have been trapped and emulated\n"
                        + r);
    }
}
