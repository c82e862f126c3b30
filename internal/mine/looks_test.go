package mine

import "testing"

func TestLooks(t *testing.T) {
	yes := []string{
		"2026-01-02T03:04:05Z ERROR worker-3: job 42 failed",
		"error: could not open config",
		"Traceback (most recent call last):",
		"panic: runtime error: index out of range [3] with length 3",
		"java.lang.IllegalStateException: closed",
		"requests.exceptions.ConnectionError: HTTPSConnectionPool(host='x', port=443)",
		"connect ECONNREFUSED 127.0.0.1:5432",
		"dial tcp 10.0.0.3:443: i/o timeout",
		"open /etc/app.yaml: permission denied",
		"[ERR] lease not acquired",
		"Process completed with exit code 1.",
		"make: *** [Makefile:12: build] Error 2",
		"subprocess exited with status 137",
		"command returned non-zero exit status 2",
		`127.0.0.1 - - [02/Dec/2026:05:44:30 +0000] "GET /v1/jobs HTTP/1.1" 503 153`,
		`{"ts":"2026-01-02","status":429,"path":"/v1/x"}`,
		"upstream responded 502",
		"status_code=500 path=/v1/run",
		"FATAL: password authentication failed for user app",
		"Segmentation fault (core dumped)",
		"Killed",
		"构建错误：找不到模块",
		"ビルドに失敗しました",
		"エラー: 接続できません",
		"빌드 오류: 모듈을 찾을 수 없습니다",
		"Fehler: Verbindung abgelehnt",
		"erreur : connexion refusée",
		"Échec de la connexion",
		"ошибка: соединение разорвано",
		"Не удалось подключиться к серверу",
		"falha ao conectar ao servidor",
		"Error de conexión",
		"błąd połączenia",
		"bağlantı hatası: sunucu yanıt vermedi",
		"deadline exceeded while waiting for lease",
		"2026-01-02T03:04:05Z INFO  step 'publish' exited with code 3",
		"2026-01-02T03:04:05Z INFO GET /v1/x returned HTTP 503",
		"2026-01-02T03:04:05Z WARN upstream error, retrying",
		"[WARN] upstream error, retrying",
		"ERROR: sync failed",
		"2026-01-02 03:04:05 [ERROR] sync failed",
	}
	no := []string{
		"2026-01-02T03:04:05Z INFO request served in 12ms",
		"INFO worker timeout=30s errors=0",
		`{"level":"info","errors":0,"msg":"done"}`,
		"build finished with 0 errors and 2 warnings",
		"no errors found",
		"failover complete, primary is db-2",
		"GET /v1/jobs HTTP/1.1 200 12ms",
		"served 451 items in 503ms",
		`{"status":200,"ms":451}`,
		"process exited with code 0",
		"exit code: 0",
		"the terror of it",
		"terraform plan: 3 to add",
		"INFO lookup cache: fetching",
		"sending 404 bytes",
		"checking port 5432",
		"Erfolgreich abgeschlossen",
		"构建成功",
		"2026-01-02T03:04:05Z INFO warehouse timeout served 12 items in 4ms",
		"2026-01-02T03:04:05Z DEBUG retrying after error",
		`{"ts":"2026-01-02","level":"info","msg":"request served","path":"/v1/timeout"}`,
		"level=debug msg=\"cache failed over to replica\"",
		"I1202 05:44:30.123 [INFO] job 4 failed, will retry",
		"INFO: job failed, retrying",
		"[DEBUG] error path taken",
	}
	for _, s := range yes {
		if !Looks([]byte(s)) {
			t.Errorf("Looks(%q) = false, want true", s)
		}
	}
	for _, s := range no {
		if Looks([]byte(s)) {
			t.Errorf("Looks(%q) = true, want false", s)
		}
	}
}

func TestLooksAllocs(t *testing.T) {
	recs := [][]byte{
		[]byte("2026-01-02T03:04:05Z INFO request served in 12ms"),
		[]byte("subprocess exited with status 137"),
		[]byte("ビルドに失敗しました"),
	}
	if n := testing.AllocsPerRun(100, func() {
		for _, r := range recs {
			Looks(r)
		}
	}); n != 0 {
		t.Errorf("Looks allocates %v times per run, want 0", n)
	}
}
