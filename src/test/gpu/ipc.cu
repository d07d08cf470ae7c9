// CUDA inter-process memory sharing between two processes on one GPU, the way NCCL shares buffers
// between the ranks of one host:
//   legacy: cudaIpcGetMemHandle in the parent, cudaIpcOpenMemHandle in a child process;
//   cumem:  cuMemCreate + cuMemExportToShareableHandle(POSIX_FILE_DESCRIPTOR) in the parent, the fd
//           passed over a Unix socket, cuMemImportFromShareableHandle + cuMemMap in the child.
// The child checks the parent's pattern and writes its own; the parent checks that.
// Build: nvcc -O2 -o ipc ipc.cu -lcuda        Run: ipc [legacy|cumem]   (the child is ipc --child ...)
#define WORKLOAD "ipc"
#include "gpu_common.h"
#include <cuda.h>
#include <cstring>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define CU(x)                                                                                                          \
	do {                                                                                                           \
		CUresult r_ = (x);                                                                                     \
		if (r_ != CUDA_SUCCESS) {                                                                              \
			const char *s_ = "?";                                                                          \
			cuGetErrorName(r_, &s_);                                                                       \
			fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_);                                \
			gpu_fail(#x);                                                                                  \
		}                                                                                                      \
	} while (0)

static const size_t N = 1 << 22; // 4 Mi ints, 16 MiB

__global__ void fill(int *p, size_t n, int base)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = base + (int)i;
}

__global__ void count_bad(const int *p, size_t n, int base, unsigned long long *bad)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	if (i < n && p[i] != base + (int)i)
		atomicAdd(bad, 1ULL);
}

static unsigned long long verify(const int *p, int base)
{
	unsigned long long *bad, h = 0;
	CK(cudaMalloc(&bad, sizeof *bad));
	CK(cudaMemset(bad, 0, sizeof *bad));
	count_bad<<<(unsigned)((N + 255) / 256), 256>>>(p, N, base, bad);
	CK_LAUNCH();
	CK(cudaMemcpy(&h, bad, sizeof h, cudaMemcpyDeviceToHost));
	CK(cudaFree(bad));
	return h;
}

// One byte of data with room for one SCM_RIGHTS fd, over the caller's buffers.
static struct msghdr fd_message(char *byte, struct iovec *iov, char *ctl, size_t ctl_len)
{
	iov->iov_base = byte;
	iov->iov_len = 1;
	struct msghdr m = {};
	m.msg_iov = iov;
	m.msg_iovlen = 1;
	m.msg_control = ctl;
	m.msg_controllen = ctl_len;
	return m;
}

static void send_fd(int sock, int fd)
{
	char c = 'f';
	struct iovec iov;
	char ctl[CMSG_SPACE(sizeof(int))] = {};
	struct msghdr m = fd_message(&c, &iov, ctl, sizeof ctl);
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(h), &fd, sizeof fd);
	if (sendmsg(sock, &m, 0) != 1) {
		perror("sendmsg");
		gpu_fail("sendmsg");
	}
}

static int recv_fd(int sock)
{
	char c;
	struct iovec iov;
	char ctl[CMSG_SPACE(sizeof(int))] = {};
	struct msghdr m = fd_message(&c, &iov, ctl, sizeof ctl);
	if (recvmsg(sock, &m, 0) != 1) {
		perror("recvmsg");
		gpu_fail("recvmsg");
	}
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	int fd = -1;
	if (h != nullptr && h->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(h), sizeof fd);
	return fd;
}

static std::string hex(const void *p, size_t n)
{
	static const char *d = "0123456789abcdef";
	std::string s;
	for (size_t i = 0; i < n; i++) {
		s += d[((const unsigned char *)p)[i] >> 4];
		s += d[((const unsigned char *)p)[i] & 15];
	}
	return s;
}

static void unhex(const char *s, void *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned v;
		sscanf(s + 2 * i, "%2x", &v);
		((unsigned char *)p)[i] = (unsigned char)v;
	}
}

// cumem: a VMM allocation of at least N ints, mapped at a reserved VA, read-write for device 0.
static CUdeviceptr map_handle(CUmemGenericAllocationHandle h, size_t size)
{
	CUdeviceptr va;
	CU(cuMemAddressReserve(&va, size, 0, 0, 0));
	CU(cuMemMap(va, size, 0, h, 0));
	CUmemAccessDesc a = {};
	a.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	a.location.id = 0;
	a.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
	CU(cuMemSetAccess(va, size, &a, 1));
	return va;
}

static size_t granular_size()
{
	CUmemAllocationProp prop = {};
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = 0;
	prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
	size_t g = 0;
	CU(cuMemGetAllocationGranularity(&g, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
	size_t bytes = N * sizeof(int);
	return (bytes + g - 1) / g * g;
}

static int child(const char *mode, const char *arg)
{
	CK(cudaSetDevice(0));
	int *p = nullptr;
	CUmemGenericAllocationHandle h = 0;
	size_t size = 0;
	if (strcmp(mode, "legacy") == 0) {
		cudaIpcMemHandle_t handle;
		unhex(arg, &handle, sizeof handle);
		CK(cudaIpcOpenMemHandle((void **)&p, handle, cudaIpcMemLazyEnablePeerAccess));
	} else {
		int fd = recv_fd(atoi(arg));
		if (fd < 0)
			gpu_fail("no fd received");
		size = granular_size();
		CU(cuMemImportFromShareableHandle(&h, (void *)(uintptr_t)fd, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR));
		close(fd);
		p = (int *)map_handle(h, size);
	}
	unsigned long long bad = verify(p, 1000);
	fill<<<(unsigned)((N + 255) / 256), 256>>>(p, N, 7000);
	CK_LAUNCH();
	CK(cudaDeviceSynchronize());
	if (strcmp(mode, "legacy") == 0) {
		CK(cudaIpcCloseMemHandle(p));
	} else {
		CU(cuMemUnmap((CUdeviceptr)p, size));
		CU(cuMemRelease(h));
	}
	printf("child bad=%llu\n", bad);
	return bad == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc > 3 && strcmp(argv[1], "--child") == 0)
		return child(argv[2], argv[3]);
	const char *mode = argc > 1 ? argv[1] : "legacy";
	bool cumem = strcmp(mode, "cumem") == 0;
	CK(cudaSetDevice(0));
	int *p = nullptr;
	CUmemGenericAllocationHandle h = 0;
	size_t size = 0;
	int sv[2] = { -1, -1 };
	std::string arg;
	if (!cumem) {
		CK(cudaMalloc(&p, N * sizeof(int)));
		cudaIpcMemHandle_t handle;
		CK(cudaIpcGetMemHandle(&handle, p));
		arg = hex(&handle, sizeof handle);
	} else {
		size = granular_size();
		CUmemAllocationProp prop = {};
		prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
		prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
		prop.location.id = 0;
		prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
		CU(cuMemCreate(&h, size, &prop, 0));
		p = (int *)map_handle(h, size);
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
			gpu_fail("socketpair");
		arg = std::to_string(sv[1]);
	}
	fill<<<(unsigned)((N + 255) / 256), 256>>>(p, N, 1000);
	CK_LAUNCH();
	CK(cudaDeviceSynchronize());
	pid_t pid = fork();
	if (pid == 0) {
		if (cumem)
			close(sv[0]);
		execl("/proc/self/exe", argv[0], "--child", mode, arg.c_str(), (char *)nullptr);
		_exit(127);
	}
	if (cumem) {
		close(sv[1]);
		int fd = -1;
		CU(cuMemExportToShareableHandle(&fd, h, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
		send_fd(sv[0], fd);
		close(fd);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	bool child_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	unsigned long long bad = verify(p, 7000);
	if (!cumem) {
		CK(cudaFree(p));
	} else {
		CU(cuMemUnmap((CUdeviceptr)p, size));
		CU(cuMemRelease(h));
	}
	check_line("bad", (long long)bad);
	char detail[96];
	snprintf(detail, sizeof detail, "mode=%s child=%s bad=%llu", mode, child_ok ? "ok" : "failed", bad);
	return verdict(child_ok && bad == 0, detail);
}
