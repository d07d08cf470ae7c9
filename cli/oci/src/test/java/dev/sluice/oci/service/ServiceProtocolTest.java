package dev.sluice.oci.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServiceProtocolTest {
    @Test
    void anyStringSurvivesEscaping() {
        for (String s : List.of("", "plain", "two words", "new\nline", "100%", "%41", "tab\there", "ünïcödé ✓", "a=b c\u0001")) {
            String e = ServiceProtocol.escape(s);
            assertFalse(e.contains(" ") || e.contains("\n"), "no space or newline left in " + e);
            assertEquals(s, ServiceProtocol.unescape(e), "round trip of \"" + s + "\"");
        }
        assertEquals("a%20b%0A%25", ServiceProtocol.escape("a b\n%"));
    }

    @Test
    void runLinesAreParsedAndCheckedWhole() {
        String line = ServiceProtocol.line("RUN", List.of("/srv/my dir", "3", "--root", "/run/s", "state", "1", "A=b c"));
        ServiceProtocol.Run r = ServiceProtocol.Run.parse(line);
        assertEquals("/srv/my dir", r.cwd());
        assertEquals(List.of("--root", "/run/s", "state"), r.args());
        assertEquals(List.of("A=b c"), r.env());
        assertThrows(IllegalArgumentException.class, () -> ServiceProtocol.Run.parse("SPAWN x"), "not a RUN");
        assertThrows(RuntimeException.class, () -> ServiceProtocol.Run.parse("RUN / 5 a b"), "fewer arguments than counted");
        assertThrows(IllegalArgumentException.class, () -> ServiceProtocol.Run.parse("RUN / 1 a 0 extra"), "fields too many");
        assertThrows(IllegalArgumentException.class, () -> ServiceProtocol.unescape("bad%4"), "a cut escape");
        assertThrows(IllegalArgumentException.class, () -> ServiceProtocol.unescape("bad%zz"), "not hex");
    }
}
