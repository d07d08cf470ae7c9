package dev.sluice.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * The layering docs/architecture.md draws, enforced on the compiled classes of every module (the
 * cli module's test classpath holds them all): the sentry knows no proxy and no command; a proxy
 * knows no other proxy, no command and no OCI runtime; the OCI runtime is a library without
 * command-line parsing; and no two packages depend on each other in a cycle.
 */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        // Test classes come from target/test-classes or, once the reactor has packaged them, from a
        // module's test jar (this module depends on the sentry's): neither is production code.
        classes =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .withImportOption(location -> !location.contains("-tests.jar"))
                        .importPackages("dev.sluice");
    }

    @Test
    void everyModuleIsOnTheClassPathTheRulesRead() {
        for (String name :
                List.of(
                        "dev.sluice.sentry.dispatch.Dispatcher",
                        "dev.sluice.nvproxy.NvProxy",
                        "dev.sluice.rdmaproxy.RdmaProxy",
                        "dev.sluice.oci.runtime.ContainerRuntime",
                        "dev.sluice.cli.Main")) {
            assertTrue(
                    classes.contain(name),
                    name + " is among the imported classes, so the rules below see its module");
        }
    }

    @Test
    void theSentryDependsOnNoProxyNoCommandAndNoOciRuntime() {
        noClasses()
                .that()
                .resideInAPackage("dev.sluice.sentry..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.sluice.nvproxy..",
                        "dev.sluice.rdmaproxy..",
                        "dev.sluice.cli..",
                        "dev.sluice.oci..")
                .because(
                        "proxies plug into the sentry through its SPI, and the CLI and the runtime sit on top")
                .check(classes);
    }

    @Test
    void aProxyDependsOnNoOtherProxyNoCommandAndNoOciRuntime() {
        noClasses()
                .that()
                .resideInAPackage("dev.sluice.nvproxy..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.sluice.rdmaproxy..", "dev.sluice.cli..", "dev.sluice.oci..")
                .check(classes);
        noClasses()
                .that()
                .resideInAPackage("dev.sluice.rdmaproxy..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.sluice.nvproxy..", "dev.sluice.cli..", "dev.sluice.oci..")
                .check(classes);
    }

    @Test
    void theOciRuntimeIsALibraryWithoutCommandLineParsing() {
        noClasses()
                .that()
                .resideInAPackage("dev.sluice.oci..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("picocli..", "dev.sluice.cli..")
                .because(
                        "the runc-compatible commands are thin picocli classes over it (cli module)")
                .check(classes);
    }

    @Test
    void sluiceRunsPolicyIsDecidedWithoutCommandLineParsing() {
        noClasses()
                .that()
                .resideInAPackage("dev.sluice.cli.run..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("picocli..")
                .because("RunCommand parses; SandboxPolicy decides over the values it was given")
                .check(classes);
    }

    @Test
    void noPackagesDependOnEachOtherInACycle() {
        slices().matching("dev.sluice.(**)").should().beFreeOfCycles().check(classes);
    }
}
