package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

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

    @Test
    void aSentrysWatcherNamesTheSentryAndTheContainerProcess() {
        assertEquals(
                new FootprintBenchCommand.Watcher(9, 4905, 5034),
                FootprintBenchCommand.watcher(
                        9, List.of("/x/sluice-init", "--watch", "4905", "31270", "5034", "33263")));
        assertNull(
                FootprintBenchCommand.watcher(9, List.of("/x/sluice-init", "--watch", "4905")),
                "too few fields");
        assertNull(
                FootprintBenchCommand.watcher(
                        9, List.of("/x/sluice-init", "--other", "1", "2", "3", "4")),
                "not a watcher");
        assertNull(
                FootprintBenchCommand.watcher(
                        9, List.of("/x/sluice-init", "--watch", "a", "2", "3", "4")),
                "not a pid");
        assertNull(FootprintBenchCommand.watcher(9, List.of()), "a kernel thread's");
    }

    @Test
    void aSentryOutsideTheSandboxsTreeIsCountedThroughItsWatcher() {
        ProcessHandle self = ProcessHandle.current();
        long gone = Long.MAX_VALUE;
        List<Long> sentries = new ArrayList<>();
        FootprintBenchCommand.Memory alone =
                FootprintBenchCommand.measure(self, List.of(), new ArrayList<>())[0];
        // This JVM as a sandbox's tree; a watcher naming it, whose sentry is gone: the watcher
        // (gone too) and the sentry count nothing, but the sentry is recorded as handed.
        FootprintBenchCommand.Memory watched =
                FootprintBenchCommand.measure(
                        self,
                        List.of(new FootprintBenchCommand.Watcher(gone, gone - 1, self.pid())),
                        sentries)[0];
        assertEquals(List.of(gone - 1), sentries, "the sentry outside the tree");
        assertTrue(alone.pssKib() > 0 && watched.pssKib() > 0, "the tree itself is read");
        List<Long> none = new ArrayList<>();
        FootprintBenchCommand.measure(
                self, List.of(new FootprintBenchCommand.Watcher(gone, self.pid(), 1)), none);
        assertEquals(List.of(), none, "a watcher of another process's container is not this one's");
        FootprintBenchCommand.measure(
                self,
                List.of(new FootprintBenchCommand.Watcher(gone, self.pid(), self.pid())),
                none);
        assertEquals(List.of(), none, "a sentry inside the tree is counted once, as the tree's");
    }
}
