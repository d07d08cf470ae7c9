package dev.sluice.oci.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciException;
import dev.sluice.oci.launch.NotifyRule;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.TrapRule;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The rules a container's sentry records for exec: written once, read back exactly, damage named.
 */
class TrapFileTest {
    @TempDir Path dir;

    @Test
    void rulesComeBackAsWritten() throws IOException {
        TrapRule tty = TrapRule.family('T', Disposition.CONTINUE, "tty");
        TrapRule verbs = TrapRule.exact(0xc0181b01, Disposition.DENY, "uverbs");
        List<NotifyRule> rules = NotifyRule.of(List.of(tty, verbs, tty));
        assertEquals(2, rules.size(), "each rule once");
        TrapFile.write(dir, rules);
        assertEquals(
                "65280 21504\n4294967295 3222805249\n",
                Files.readString(dir.resolve(TrapFile.NAME)),
                "MASK VALUE per line, unsigned decimal as in the launch plan");
        assertEquals(rules, TrapFile.read(dir, "c1"), "read back exactly");
        TrapFile.write(dir, List.of());
        assertEquals(List.of(), TrapFile.read(dir, "c1"), "an empty file: nothing is trapped");
        assertFalse(TrapFile.writes(dir), "nor the write family");
        TrapFile.write(dir, rules, true);
        assertEquals(rules, TrapFile.read(dir, "c1"), "the rules as before");
        assertTrue(TrapFile.writes(dir), "and the write family, for exec's filter");
        assertFalse(TrapFile.opens(dir), "but not the open family");
        TrapFile.write(dir, rules, true, true);
        assertEquals(
                "write-family\nopen-family\n65280 21504\n4294967295 3222805249\n",
                Files.readString(dir.resolve(TrapFile.NAME)),
                "one line each");
        assertEquals(rules, TrapFile.read(dir, "c1"), "the rules as before");
        assertTrue(
                TrapFile.writes(dir) && TrapFile.opens(dir),
                "the write and the open family, for exec's filter");
        TrapFile.write(dir, rules, false, true);
        assertTrue(
                !TrapFile.writes(dir) && TrapFile.opens(dir), "each line says only its own family");
    }

    @Test
    void aMissingOrDamagedFileIsNamed() throws IOException {
        OciException missing = assertThrows(OciException.class, () -> TrapFile.read(dir, "c1"));
        assertTrue(
                missing.getMessage()
                        .startsWith("container c1: " + dir.resolve(TrapFile.NAME) + " is missing"),
                missing.getMessage());
        Files.writeString(dir.resolve(TrapFile.NAME), "65280 21504\n65280\n");
        OciException damaged = assertThrows(OciException.class, () -> TrapFile.read(dir, "c1"));
        assertTrue(damaged.getMessage().contains("line 2 is damaged"), damaged.getMessage());
        Files.writeString(dir.resolve(TrapFile.NAME), "255 256\n");
        OciException outside = assertThrows(OciException.class, () -> TrapFile.read(dir, "c1"));
        assertTrue(
                outside.getMessage()
                        .contains(
                                "line 1 is damaged (value 0x00000100 has bits outside mask 0x000000ff)"),
                outside.getMessage());
    }
}
