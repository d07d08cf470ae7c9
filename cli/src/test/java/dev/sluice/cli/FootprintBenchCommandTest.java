package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FootprintBenchCommandTest {
    @Test
    void pssAndRssAreReadFromSmapsRollup() {
        String rollup =
                "55d0c0a00000-7ffd5e5f3000 ---p 00000000 00:00 0                          [rollup]\n"
                        + "Rss:              123456 kB\n"
                        + "Pss:               45678 kB\n"
                        + "Pss_Anon:          40000 kB\n"
                        + "Shared_Clean:      70000 kB\n";
        FootprintBenchCommand.Memory m = FootprintBenchCommand.parse(rollup);
        assertEquals(45678, m.pssKib(), "Pss, not Pss_Anon");
        assertEquals(123456, m.rssKib());
        assertEquals(
                new FootprintBenchCommand.Memory(45679, 123458),
                m.plus(new FootprintBenchCommand.Memory(1, 2)));
        assertEquals(FootprintBenchCommand.NONE, FootprintBenchCommand.parse(""), "nothing read");
    }

    @Test
    void aProcessThatIsGoneCountsNothing() {
        assertEquals(FootprintBenchCommand.NONE, FootprintBenchCommand.read(Long.MAX_VALUE));
    }
}
