package dev.sluice.sentry.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TrapRuleTest {

    @Test
    void familyMatchesTheTypeByte() {
        TrapRule f = TrapRule.family('F', Disposition.DENY, "nvidia frontend");
        assertEquals(0xff00, f.mask(), "family mask is _IOC_TYPE's byte");
        assertEquals(0x4600, f.value(), "family value is the type shifted into place");
        assertEquals(Disposition.DENY, f.unowned(), "unowned disposition kept");
        assertEquals("nvidia frontend", f.description(), "description kept");
        assertTrue(f.matches(0xc020462a), "NV_ESC_RM_CONTROL (type 'F') matches");
        assertTrue(f.matches(0x00004600), "a bare _IO('F', 0) matches");
        assertFalse(f.matches(0xc0181b01), "RDMA_VERBS_IOCTL (type 0x1b) does not");
        assertFalse(f.matches(0x5401), "TCGETS (type 'T') does not");
    }

    @Test
    void exactMatchesOneRequest() {
        TrapRule e = TrapRule.exact(0xc0181b01, Disposition.DENY, "uverbs");
        assertEquals(0xffffffff, e.mask(), "exact mask is all 32 bits");
        assertTrue(e.matches(0xc0181b01), "the request itself matches");
        assertFalse(e.matches(0xc0201b01), "another size does not");
        assertFalse(e.matches(0x80181b01), "another direction does not");
        assertFalse(e.matches(0xc0181b02), "another nr does not");
    }

    @Test
    void aSignExtendedRequestMatchesByItsLow32Bits() {
        long register = 0xffffffffc020462aL; // what a guest passing an int request may leave in rdx
        TrapRule exact = TrapRule.exact(0xc020462a, Disposition.DENY, "rm control");
        TrapRule family = TrapRule.family('F', Disposition.DENY, "nvidia");
        assertTrue(
                exact.matches((int) register),
                "a sign-extended request, truncated like the kernel, matches exactly");
        assertTrue(family.matches((int) register), "and by family");
        long zeroExtended = 0x00000000c020462aL;
        assertTrue(exact.matches((int) zeroExtended), "the zero-extended form matches too");
    }

    @Test
    void highTypeBytesFromAChar() {
        TrapRule f = TrapRule.family((char) 0x1b, Disposition.DENY, "uverbs");
        assertEquals(0x1b00, f.value(), "a non-printable type byte");
        TrapRule wide = TrapRule.family((char) 0x1ff, Disposition.DENY, "wide");
        assertEquals(0xff00, wide.value(), "a char beyond one byte is truncated to its low byte");
    }

    @Test
    void valueOutsideMaskIsRejected() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> new TrapRule(0xff00, 0x46ff, Disposition.DENY, "bad"),
                        "value bits outside mask");
        assertTrue(
                e.getMessage().contains("0x000046ff") && e.getMessage().contains("0x0000ff00"),
                "the message shows value and mask in hex: " + e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> new TrapRule(0x0000ffff, 0x80000000, Disposition.CONTINUE, "bad"),
                "a high value bit outside the mask");
    }

    @Test
    void emulateIsNotAnUnownedDisposition() {
        assertThrows(
                IllegalArgumentException.class,
                () -> TrapRule.family('T', Disposition.EMULATE, "x"),
                "an fd no proxy owns cannot be emulated");
        assertThrows(
                IllegalArgumentException.class,
                () -> TrapRule.exact(0x5401, Disposition.EMULATE, "x"),
                "not for exact rules either");
    }

    @Test
    void continueAndDenyAreAllowed() {
        assertEquals(
                Disposition.CONTINUE,
                TrapRule.family('T', Disposition.CONTINUE, "tty").unowned(),
                "CONTINUE");
        assertEquals(
                Disposition.DENY, TrapRule.exact(0x5401, Disposition.DENY, "x").unowned(), "DENY");
    }
}
