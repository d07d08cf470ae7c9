package dev.sluice.sentry.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sluice.sentry.spi.Disposition;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CallKeyTest {

    @ParameterizedTest
    @CsvSource({
        "0,           0x00000000",
        "21505,       0x00005401", // TCGETS
        "-2147199952, 0x80045430", // TIOCGPTN: the top bit set, so negative as a Java int
        "-1070578133, 0xc030462b", // NV_ESC_RM_CONTROL
        "-1,          0xffffffff",
    })
    void cmdHexIsEightLowercaseDigitsOfTheUnsignedValue(int cmd, String expected) {
        CallKey k = new CallKey("dev", cmd, "X", Disposition.EMULATE);
        assertEquals(expected, k.cmdHex(), "cmd " + cmd + " formats as 0x%08x of its 32 bits");
    }

    @Test
    void dispositionIsPartOfIdentity() {
        CallKey a = new CallKey("pty", 0x5430, "TCGETS", Disposition.EMULATE);
        CallKey b = new CallKey("pty", 0x5430, "TCGETS", Disposition.DENY);
        assertNotEquals(a, b, "the same request under two dispositions is two keys");
        assertEquals(
                a,
                new CallKey("pty", 0x5430, "TCGETS", Disposition.EMULATE),
                "equal components, equal keys");
    }

    @Test
    void everyComponentIsPartOfIdentityAndEqualKeysHashAlike() {
        CallKey a = new CallKey("pty", 0x5430, "TCGETS", Disposition.EMULATE);
        CallKey same =
                new CallKey(new String("pty"), 0x5430, new String("TCGETS"), Disposition.EMULATE);
        assertEquals(a, same, "equal components (other String objects), equal keys");
        assertEquals(a.hashCode(), same.hashCode(), "equal keys hash alike");
        assertNotEquals(a, new CallKey("ptx", 0x5430, "TCGETS", Disposition.EMULATE), "device");
        assertNotEquals(a, new CallKey("pty", 0x5431, "TCGETS", Disposition.EMULATE), "cmd");
        assertNotEquals(a, new CallKey("pty", 0x5430, "TCGETZ", Disposition.EMULATE), "name");
        assertNotEquals(a, "pty", "another type");
        assertNotEquals(a, null, "null");
    }

    @Test
    void rejectsNullComponents() {
        assertThrows(
                NullPointerException.class,
                () -> new CallKey(null, 1, "X", Disposition.DENY),
                "device is required");
        assertThrows(
                NullPointerException.class,
                () -> new CallKey("d", 1, null, Disposition.DENY),
                "name is required");
        assertThrows(
                NullPointerException.class,
                () -> new CallKey("d", 1, "X", null),
                "disposition is required");
    }
}
